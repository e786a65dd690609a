// Draws one section of the field table: its fields in order, the main ones first and the rest
// folded under "More ..."; each field by its kind. Paths, ids and error keys all come from the
// table, so the editor and the Content Manager cannot disagree.

import { useContext } from "react";
import { BlockChoicesContext, BlocksField } from "~/capabilities/blocks/blocks-field";
import type { Block } from "~/capabilities/blocks/page-blocks";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { iconNames } from "~/features/content/schema";
import type { FieldErrors } from "~/platform/field-errors";
import { getPreviewImagePath } from "~/platform/seo/preview-image-paths";
import type { SeoSettings } from "~/platform/seo/seo-settings";
import { RichTextField } from "../../../capabilities/rich-text/editor/rich-text-field";
import {
  hasErrorUnder,
  MoreFields,
  StoredTextField,
  TextField,
  toFieldId,
} from "../../../capabilities/workspace/fields";
import { CardListField, type FieldGroupProps } from "./card-list-field";
import type { AnyFieldSpec, SectionSpec } from "./content-fields";
import { PairListField } from "./pair-list-field";
import { SeoPanel } from "./seo-panel";
import { SeoPagesContext } from "./seo-preview";

const inputTypes = { text: "text", url: "url", email: "email", tel: "tel", icon: "text" } as const;

/** The first error of one line of a lines field ("path.2"), named by its line. */
function findLineError(errors: FieldErrors, fieldPath: string): string | undefined {
  const prefix = `${fieldPath}.`;
  const found = Object.entries(errors).find(
    ([key]) => key.startsWith(prefix) && /^\d+$/.test(key.slice(prefix.length)),
  );
  return found && `Line ${Number(found[0].slice(prefix.length)) + 1}: ${found[1]}`;
}

/** Draws one field of the table at path, with its value from values. */
export function ContentField({
  spec,
  path,
  values,
  errors,
  onChange,
}: {
  spec: AnyFieldSpec;
  path: string;
  values: FieldValues;
  errors: FieldErrors;
  onChange: (values: FieldValues) => void;
}) {
  const fieldPath = `${path}.${spec.key}`;
  const value = values[spec.key];
  const seoPages = useContext(SeoPagesContext);
  const blockChoices = useContext(BlockChoicesContext);
  const set = (next: unknown) => onChange({ ...values, [spec.key]: next });
  const common = { path: fieldPath, label: spec.label, hint: spec.hint, error: errors[fieldPath] };
  switch (spec.kind) {
    case "text":
    case "url":
    case "email":
    case "tel":
    case "icon":
      return (
        <TextField
          {...common}
          type={inputTypes[spec.kind]}
          {...(spec.kind === "email" || spec.kind === "tel" ? { autoComplete: "off" } : {})}
          {...(spec.kind === "url" ? { inputMode: "url" as const } : {})}
          {...(spec.kind === "icon"
            ? { list: "icon-names", autoComplete: "off", spellCheck: false }
            : {})}
          value={String(value ?? "")}
          onValueChange={set}
        />
      );
    case "longText":
      return (
        <TextField
          {...common}
          multiline
          rows={spec.rows}
          value={String(value ?? "")}
          onValueChange={set}
        />
      );
    case "seo": {
      // A fixed page's settings are an object of their own; a record's sit among its fields.
      const nested = typeof value === "object" && value !== null;
      const settings = (nested ? value : values) as SeoSettings;
      const page = spec.preview?.(values) ??
        seoPages.pages[fieldPath] ?? { title: "", path: "/", computed: "" };
      return (
        <fieldset className="grid min-w-0 gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-navy">{spec.label}</legend>
          <SeoPanel
            id={toFieldId(fieldPath)}
            path={nested ? fieldPath : path}
            pageName={nested ? spec.label : undefined}
            value={settings}
            errors={errors}
            page={page}
            // The version makes the browser fetch a saved change's new card.
            generatedImage={`${getPreviewImagePath(page.path)}?v=${seoPages.version}`}
            onChange={(patch) =>
              onChange(
                nested
                  ? { ...values, [spec.key]: { ...settings, ...patch } }
                  : { ...values, ...patch },
              )
            }
          />
        </fieldset>
      );
    }
    case "blocks":
      return (
        <BlocksField
          blocks={(value as Block[] | undefined) ?? []}
          path={fieldPath}
          heading={spec.label}
          hint={spec.hint}
          errors={errors}
          library={blockChoices.library}
          refOptions={blockChoices.refOptions}
          onChange={set}
        />
      );
    case "richText":
      return <RichTextField {...common} value={String(value ?? "")} onValueChange={set} />;
    case "heroTitle":
      return (
        <StoredTextField
          {...common}
          form="htmlLine"
          value={String(value ?? "")}
          onValueChange={set}
        />
      );
    case "lines":
      return (
        <StoredTextField
          {...common}
          error={common.error ?? findLineError(errors, fieldPath)}
          form="lines"
          value={(value as string[]) ?? []}
          onValueChange={set}
        />
      );
    case "pairs":
      return (
        <PairListField
          path={fieldPath}
          legend={spec.label}
          hint={spec.hint}
          itemName={spec.itemName}
          fields={spec.fields}
          items={(value as Array<Record<string, string>>) ?? []}
          onItemsChange={set}
          max={spec.max}
          errors={errors}
        />
      );
    case "cards":
      return (
        <CardListField
          spec={spec}
          path={fieldPath}
          items={(value as FieldValues[]) ?? []}
          onItemsChange={set}
          errors={errors}
          FieldGroup={FieldGroup}
        />
      );
  }
}

/** A list of fields: the main ones, then the others folded under "More ...". */
export function FieldGroup({ fields, path, values, errors, onChange, more }: FieldGroupProps) {
  const draw = (spec: AnyFieldSpec) => (
    <ContentField
      key={spec.key}
      spec={spec}
      path={path}
      values={values}
      errors={errors}
      onChange={onChange}
    />
  );
  const main = fields.filter((spec) => !spec.more);
  const folded = fields.filter((spec) => spec.more);
  return (
    <>
      {main.map(draw)}
      {folded.length > 0 ? (
        <MoreFields
          title={more.title}
          description={more.description}
          hasError={folded.some((spec) => hasErrorUnder(errors, `${path}.${spec.key}`))}
        >
          {folded.map(draw)}
        </MoreFields>
      ) : null}
    </>
  );
}

/** One tab of a content form: a section of the field table. */
export function SectionFields({
  spec,
  value,
  errors,
  onChange,
}: {
  spec: SectionSpec;
  value: FieldValues;
  errors: FieldErrors;
  onChange: (value: FieldValues) => void;
}) {
  const fields = spec.fields as ReadonlyArray<AnyFieldSpec>;
  return (
    <div className="grid grid-cols-1 gap-6">
      {fields.some((field) => field.kind === "icon" || field.kind === "cards") ? (
        <datalist id="icon-names">
          {iconNames.map((icon) => (
            <option key={icon} value={icon} />
          ))}
        </datalist>
      ) : null}
      <FieldGroup
        fields={fields}
        path={spec.section}
        values={value}
        errors={errors}
        onChange={onChange}
        more={spec.more ?? { title: `More ${spec.label.toLowerCase()} fields`, description: "" }}
      />
    </div>
  );
}
