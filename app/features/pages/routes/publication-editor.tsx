// /admin/articles/:id and /admin/case-studies/:id (admin only): the editor of one item, or of a
// new one at .../new. The list of categories (industries) and the media library come along. A new
// page may start from a copy of another (.../new?from=careers), which is how a page is duplicated.
import { data, isRouteErrorResponse, Link, useLocation } from "react-router";
import { listLibraryChoices } from "~/capabilities/media/library-choices.server";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { listLinksToPage } from "~/features/pages/links-to.server";
import { requirePageKind } from "~/features/publishing/api.server";
import { readRefOptions } from "~/features/publishing/block-choices.server";
import {
  type EditorItem,
  readEditorMove,
  toCopyEditorItem,
  toEditorItem,
} from "~/features/publishing/editor/editor-item";
import { PublicationEditor } from "~/features/publishing/editor/publication-editor";
import { StartFrom } from "~/features/publishing/editor/start-from";
import { kindTexts } from "~/features/publishing/kind-texts";
import { createEmptyInput, type PublicationKind, readGroup } from "~/features/publishing/schema";
import { getForAdmin, listForAdmin } from "~/features/publishing/store/reads.server";
import { listRevisions } from "~/features/publishing/store/revisions.server";
import { getAppContext } from "~/platform/context.server";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import type { Route } from "./+types/publication-editor";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getAppContext(context);
  const { email: adminEmail } = getAdmin(context);
  const kind: PublicationKind = requirePageKind(params.collection);
  const [all, library] = await Promise.all([
    listForAdmin(app.db, kind),
    listLibraryChoices(app.db),
  ]);
  const groups = [...new Set(all.map(({ record }) => readGroup(kind, record)))].sort((a, b) =>
    a.localeCompare(b),
  );
  const base = {
    kind,
    groups,
    library,
    adminEmail,
    refOptions: kind === "page" ? await readRefOptions(context) : undefined,
  };
  if (params.id === "new") {
    const fromParam = kind === "page" ? new URL(request.url).searchParams.get("from") : null;
    const source = fromParam ? all.find(({ record }) => record.id === fromParam) : undefined;
    const item: EditorItem<PublicationKind> = source
      ? toCopyEditorItem(kind, source)
      : { id: undefined, input: createEmptyInput(kind), status: "draft", version: undefined };
    const pages =
      kind === "page" ? all.map(({ record }) => ({ id: record.id, title: record.title })) : [];
    return {
      ...base,
      item,
      revisions: [],
      linkedFrom: undefined,
      startFrom: { pages, from: source?.record.id ?? "" },
    };
  }
  const stored = await getForAdmin(app.db, kind, params.id);
  if (!stored) throw data({ kind }, { status: 404 });
  const item: EditorItem<PublicationKind> = toEditorItem(kind, stored);
  const [revisions, linkedFrom] = await Promise.all([
    listRevisions(app.db, kind, params.id),
    kind === "page" ? listLinksToPage(context, app.db, params.id) : undefined,
  ]);
  return { ...base, item, revisions, linkedFrom, startFrom: undefined };
}

export function meta(args: Route.MetaArgs) {
  const loaded = args.loaderData;
  const texts = kindTexts[loaded?.kind ?? "article"];
  return buildPageMeta(args, {
    title: loaded?.item.id ? `Edit: ${loaded.item.input.title}` : texts.newLabel,
    description: `Write and publish ${texts.plural.toLowerCase()}.`,
    noindex: true,
  });
}

export default function PublicationEditorPage({ loaderData }: Route.ComponentProps) {
  const { kind, item, groups, library, revisions, adminEmail, refOptions, linkedFrom, startFrom } =
    loaderData;
  const texts = kindTexts[kind];
  const location = useLocation();
  // A new editor for each item and version loaded (each visit of .../new), but the same one after
  // its own save moved it to the item's address: what was typed meanwhile is in its state.
  const editorKey =
    readEditorMove(location.state)?.editorKey ??
    `${item.id ?? `new-${location.key}`}-${item.version ?? 0}`;
  return (
    <AdminPage
      title={item.id ? `Edit ${texts.singular}` : texts.newLabel}
      description={
        <Link to={texts.adminPath} className="font-semibold text-primary hover:underline">
          ← All {texts.plural.toLowerCase()}
        </Link>
      }
      actions={
        kind === "page" && item.id ? (
          <Button asChild variant="outline">
            <Link to={`${texts.adminPath}/new?from=${encodeURIComponent(item.id)}`}>
              Duplicate page
            </Link>
          </Button>
        ) : undefined
      }
    >
      {startFrom ? <StartFrom pages={startFrom.pages} from={startFrom.from} /> : null}
      <PublicationEditor
        key={editorKey}
        editorKey={editorKey}
        kind={kind}
        item={item}
        groups={groups}
        library={library}
        revisions={revisions}
        adminEmail={adminEmail}
        refOptions={refOptions}
        linkedFrom={linkedFrom}
      />
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  const texts = kindTexts[(error.data as { kind?: PublicationKind } | null)?.kind ?? "article"];
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4">
      <h1 className="text-xl font-semibold text-navy">{texts.singular} not found</h1>
      <p className="text-muted-foreground">It may have been deleted or moved to another slug.</p>
      <Button asChild>
        <Link to={texts.adminPath}>All {texts.plural.toLowerCase()}</Link>
      </Button>
    </main>
  );
}
