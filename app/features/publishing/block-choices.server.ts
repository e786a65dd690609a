// What the blocks' choosers offer (every service, case study and article, by the id a block
// stores) and the media library: for the page editor and the content's extra blocks.
import type { RefOptions } from "~/capabilities/fields/field-kinds";
import { listLibraryChoices } from "~/capabilities/media/library-choices.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { getAppContext } from "~/platform/context.server";
import { toSlug } from "~/platform/slug";
import { listForAdmin } from "./store/reads.server";

export async function readRefOptions(
  context: Parameters<typeof getRequestContent>[0],
): Promise<RefOptions> {
  const { db } = getAppContext(context);
  const [{ content }, studies, articles] = await Promise.all([
    getRequestContent(context),
    listForAdmin(db, "case-study"),
    listForAdmin(db, "article"),
  ]);
  const toOption = ({ record }: { record: { id: string; title: string } }) => ({
    value: record.id,
    label: record.title,
  });
  return {
    services: content.services.items.map((service) => ({
      value: toSlug(service.title),
      label: service.title,
    })),
    "case-studies": studies.map(toOption),
    articles: articles.map(toOption),
  };
}

/** The library and the choosers' options, for a form with a blocks field. */
export async function readBlockChoices(context: Parameters<typeof getRequestContent>[0]) {
  const { db } = getAppContext(context);
  const [library, refOptions] = await Promise.all([
    listLibraryChoices(db),
    readRefOptions(context),
  ]);
  return { library, refOptions };
}
