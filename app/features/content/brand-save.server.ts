// Saving the Brand screen: the logo's size comes from the image library (an image that is not in
// it is refused), then the Brand and Search engines sections are saved as any content save is: a
// new revision in history, an activity entry, and every instance's kept pages dropped.
import { findImageRecord } from "~/capabilities/media/image-records.server";
import { parseUploadUrl } from "~/capabilities/media/image-variants";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { AdminRole } from "~/platform/admin-roles";
import type { Db } from "~/platform/db/tables.server";
import { ApiError } from "~/platform/http/api.server";
import type { BrandFormInput } from "./brand-schema";
import { saveEditedContent } from "./content-save.server";
import type { ContentRevision } from "./content-store.server";

async function readUploadSize(db: Db, url: string, field: string, what: string) {
  const upload = parseUploadUrl(url);
  const record = upload ? await findImageRecord(db, `${upload.id}.${upload.extension}`) : undefined;
  if (!record) {
    const message = `The ${what} is no longer in the image library: choose another`;
    throw new ApiError(400, message, { errors: { [field]: message } });
  }
  return { width: Number(record.width ?? 0), height: Number(record.height ?? 0) };
}

export async function saveBrand(
  db: Db,
  input: BrandFormInput,
  { author, actor, role }: { author: string; actor: Actor; role: AdminRole },
): Promise<ContentRevision> {
  const { googleVerification, bingVerification, ...brand } = input;
  const logo = brand.logoUrl
    ? await readUploadSize(db, brand.logoUrl, "logoUrl", "logo")
    : { width: 0, height: 0 };
  if (brand.iconUrl) await readUploadSize(db, brand.iconUrl, "iconUrl", "site icon");
  const sections = {
    brand: { ...brand, logoWidth: logo.width, logoHeight: logo.height },
    // An editor's form has no codes: the stored ones stay.
    ...(googleVerification === undefined || bingVerification === undefined
      ? {}
      : { searchEngines: { googleVerification, bingVerification } }),
  };
  return saveEditedContent(db, sections, {
    expectedVersion: undefined,
    author,
    role,
    onSaved: (trx, saved) =>
      recordActivity(trx, {
        action: "content-save",
        actor,
        target: `revision ${saved.version}`,
        detail: { sections: Object.keys(sections) },
      }),
  });
}
