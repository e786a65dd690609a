// The Home tab (spec section 2): Hero Title (the first line of the home page's main heading,
// hero.heading1, edited as text) and Hero Subtitle (its second line, hero.heading2, rich text),
// plus the hero's other texts under "More home page fields".

import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  type EditorSections,
  getHeroTitleText,
  toHeroTitleHtml,
} from "~/features/admin/content/editor-model";
import type { FieldErrors } from "~/lib/field-errors";
import {
  hasErrorUnder,
  MoreFields,
  TextAreaField,
  TextField,
  useFieldMessages,
  useTypedText,
} from "./fields";
import { RichTextField } from "./rich-text-field";

type Hero = EditorSections["hero"];

function HeroTitleField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (html: string) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useTypedText(value, getHeroTitleText, toHeroTitleHtml);
  const field = useFieldMessages(
    "hero.heading1",
    error,
    "The first line of the large heading at the top of the home page.",
  );
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={field.id}>Hero Title</Label>
      {field.hint}
      <Input
        {...field.inputProps}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onValueChange(toHeroTitleHtml(event.target.value));
        }}
      />
      {field.error}
    </div>
  );
}

export function HomeTab({
  value,
  onChange,
  errors,
}: {
  value: Hero;
  onChange: (value: Hero) => void;
  errors: FieldErrors;
}) {
  const moreFields = ["subtitle", "description", "primaryButtonText", "secondaryButtonText"];
  return (
    <div className="grid grid-cols-1 gap-6">
      <HeroTitleField
        value={value.heading1}
        error={errors["hero.heading1"]}
        onValueChange={(heading1) => onChange({ ...value, heading1 })}
      />
      <RichTextField
        path="hero.heading2"
        label="Hero Subtitle"
        hint="The second, highlighted line of the home page heading."
        error={errors["hero.heading2"]}
        value={value.heading2}
        onValueChange={(heading2) => onChange({ ...value, heading2 })}
      />
      <MoreFields
        title="More home page fields"
        description="The short line above the heading, the introduction and the button texts."
        hasError={moreFields.some((key) => hasErrorUnder(errors, `hero.${key}`))}
      >
        <TextField
          path="hero.subtitle"
          label="Text Above the Heading"
          error={errors["hero.subtitle"]}
          value={value.subtitle}
          onValueChange={(subtitle) => onChange({ ...value, subtitle })}
        />
        <TextAreaField
          path="hero.description"
          label="Hero Description"
          error={errors["hero.description"]}
          value={value.description}
          onValueChange={(description) => onChange({ ...value, description })}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            path="hero.primaryButtonText"
            label="Primary Button Text"
            hint="Leads to the booking page."
            error={errors["hero.primaryButtonText"]}
            value={value.primaryButtonText}
            onValueChange={(primaryButtonText) => onChange({ ...value, primaryButtonText })}
          />
          <TextField
            path="hero.secondaryButtonText"
            label="Secondary Button Text"
            hint="Leads to the services page."
            error={errors["hero.secondaryButtonText"]}
            value={value.secondaryButtonText}
            onValueChange={(secondaryButtonText) => onChange({ ...value, secondaryButtonText })}
          />
        </div>
      </MoreFields>
    </div>
  );
}
