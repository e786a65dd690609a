// The General tab (spec section 2): Company Name, Tagline and Description.
import type { EditorSections } from "~/features/admin/content/editor-model";
import type { FieldErrors } from "~/lib/field-errors";
import { TextField } from "./fields";
import { RichTextField } from "./rich-text-field";

type General = EditorSections["general"];

export function GeneralTab({
  value,
  onChange,
  errors,
}: {
  value: General;
  onChange: (value: General) => void;
  errors: FieldErrors;
}) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <TextField
        path="general.companyName"
        label="Company Name"
        hint="Shown in the header, the footer and the page titles."
        error={errors["general.companyName"]}
        value={value.companyName}
        onValueChange={(companyName) => onChange({ ...value, companyName })}
      />
      <TextField
        path="general.tagline"
        label="Tagline"
        error={errors["general.tagline"]}
        value={value.tagline}
        onValueChange={(tagline) => onChange({ ...value, tagline })}
      />
      <RichTextField
        path="general.description"
        label="Description"
        error={errors["general.description"]}
        value={value.description}
        onValueChange={(description) => onChange({ ...value, description })}
      />
    </div>
  );
}
