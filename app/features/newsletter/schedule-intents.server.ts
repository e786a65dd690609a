// What the schedule's buttons on one newsletter's screen do: schedule a saved draft, move a
// scheduled issue, or take it back to a draft; answered in the screen's form-result shape.
import type { Actor } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { formatTime } from "~/platform/format-time";
import {
  answerDone,
  answerFieldErrors,
  type FormResult,
  type NoticeBody,
} from "~/platform/http/form-result";
import { cancelSchedule, readSendAt, scheduleNewsletter } from "./newsletter-schedule.server";
import type { ScheduleIntent } from "./schema";

/**
 * Runs one schedule intent; a time that is missing, passed or too far ahead is answered under the
 * field. State errors (already sending) are thrown as NewsletterStateError for the screen.
 */
export async function runScheduleIntent(
  db: Db,
  request: { id: number; intent: ScheduleIntent; sendAt: unknown; timeZone: string; actor: Actor },
): Promise<{ status: number; result: FormResult<NoticeBody> }> {
  const { id, intent, timeZone, actor } = request;
  if (intent === "unschedule") {
    await cancelSchedule(db, id, actor);
    return {
      status: 200,
      result: answerDone({
        message: "The schedule is cancelled: this newsletter is a draft again.",
      }),
    };
  }
  const read = readSendAt(request.sendAt, timeZone);
  if ("error" in read) return { status: 400, result: answerFieldErrors({ sendAt: read.error }) };
  await scheduleNewsletter(db, id, read.sendAt, actor);
  const when = formatTime(read.sendAt, timeZone);
  return {
    status: 200,
    result: answerDone({
      message:
        intent === "schedule"
          ? `Scheduled: it goes to every confirmed subscriber on ${when}. You can change or cancel it until then.`
          : `Rescheduled for ${when}.`,
    }),
  };
}
