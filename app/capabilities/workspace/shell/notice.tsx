// A notice at the top of an admin screen: what happened or what needs a decision, with its
// choices. Warnings are announced at once (alert); the rest politely (status).
import type { ReactNode } from "react";
import { type FormResult, type NoticeBody, readFormNotice } from "~/platform/http/form-result";
import { AdminPage } from "./admin-shell";

const tones = {
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  info: "border-blue-200 bg-blue-50 text-blue-950",
  success: "border-emerald-200 bg-emerald-50 text-emerald-950",
} as const;

export function Notice({
  tone,
  icon,
  title,
  children,
  actions,
}: {
  tone: keyof typeof tones;
  icon?: ReactNode;
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div
      role={tone === "warning" ? "alert" : "status"}
      className={`flex gap-3 rounded-xl border p-4 ${tones[tone]}`}
    >
      {icon ? <span className="mt-0.5 shrink-0">{icon}</span> : null}
      <div className="grid flex-1 gap-2">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className="text-sm">{children}</div>
        {actions ? <div className="mt-1 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

/** The notice after a form post: what was done, or why not (a field's error shows at the field). */
export function FormNotice({ result }: { result: FormResult<NoticeBody> | undefined }) {
  const notice = readFormNotice(result);
  return notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null;
}

/** An admin screen whose data the database did not give: the screen's title and a way forward. */
export function UnloadedScreen({ title, what }: { title: string; what: string }) {
  return (
    <AdminPage title={title}>
      <Notice tone="warning" title={`${what} could not be loaded`}>
        The database is not answering just now. Please reload this page in a moment.
      </Notice>
    </AdminPage>
  );
}
