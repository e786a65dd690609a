// The notice over an admin's preview of a draft or scheduled item: visitors get a 404 there.
import type { PreviewNotice } from "~/features/publishing/schema";

export function PreviewBanner({ preview }: { preview: PreviewNotice }) {
  const when =
    preview.status === "scheduled" && preview.publishAtText
      ? `scheduled for ${preview.publishAtText}`
      : "a draft";
  return (
    <div role="note" className="bg-amber-100 px-4 py-3 text-center text-sm text-amber-950">
      <strong>Preview:</strong> this page is {when}; only signed-in admins can see it.{" "}
      <a href={preview.editPath} className="font-semibold underline">
        Edit
      </a>
    </div>
  );
}
