// The controls of the content's fields that sit above the field kit, handed to it by the content
// form: a page's SEO panel (its settings as an object, or among a record's own fields) and a
// page's blocks.
import { useContext } from "react";
import { BlocksField } from "~/capabilities/blocks/blocks-field";
import type { Block } from "~/capabilities/blocks/page-blocks";
import type { SuppliedControlProps, SuppliedControls } from "~/capabilities/fields/field-kinds";
import { toFieldId } from "~/capabilities/workspace/fields";
import { getPreviewImagePath } from "~/platform/seo/preview-image-paths";
import type { SeoSettings } from "~/platform/seo/seo-settings";
import type { SeoFieldSpec } from "./content-fields";
import { SeoPanel } from "./seo-panel";
import { SeoPagesContext } from "./seo-preview";

function SeoControl({ field, path, value, context, parent, onChange }: SuppliedControlProps) {
  const seoPages = useContext(SeoPagesContext);
  // A fixed page's settings are an object of their own; a record's sit among its fields.
  const nested = typeof value === "object" && value !== null;
  const settings = (nested ? value : parent.values) as SeoSettings;
  const page = (field as SeoFieldSpec).preview?.(parent.values) ??
    seoPages.pages[path] ?? { title: "", path: "/", computed: "" };
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-navy">{field.label}</legend>
      <SeoPanel
        id={toFieldId(path)}
        path={nested ? path : parent.path}
        pageName={nested ? field.label : undefined}
        value={settings}
        errors={context.errors}
        page={page}
        // The version makes the browser fetch a saved change's new card.
        generatedImage={`${getPreviewImagePath(page.path)}?v=${seoPages.version}`}
        onChange={(patch) =>
          nested ? onChange({ ...settings, ...patch }) : parent.onChange(patch)
        }
      />
    </fieldset>
  );
}

function BlocksControl({ field, path, value, hint, context, onChange }: SuppliedControlProps) {
  return (
    <BlocksField
      blocks={(value as Block[] | undefined) ?? []}
      path={path}
      heading={field.label}
      hint={hint}
      errors={context.errors}
      library={context.library}
      refOptions={context.refOptions}
      onChange={onChange}
    />
  );
}

export const sectionControls: SuppliedControls = { seo: SeoControl, blocks: BlocksControl };
