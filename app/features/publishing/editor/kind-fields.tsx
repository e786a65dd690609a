// The fields only one kind has: an article's excerpt, category, author and read time; a case
// study's summary, industry, client, challenge, approach, results and testimonial.
import { LinesField, TextAreaField, TextField } from "~/components/editor/fields";
import { PairListField } from "~/components/editor/pair-list-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type ArticleInput, type CaseStudyInput, computeReadTime, toInitials } from "../schema";

type FieldsProps<T> = {
  value: T;
  errors: Record<string, string>;
  groups: string[];
  onChange: (patch: Partial<T>) => void;
};

/** A text field with suggestions: pick an existing category (or industry) or type a new one. */
function PickOrTypeField({
  path,
  label,
  value,
  options,
  error,
  onValueChange,
}: {
  path: string;
  label: string;
  value: string;
  options: string[];
  error: string | undefined;
  onValueChange: (value: string) => void;
}) {
  const id = `field-${path}`;
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        Pick one in use ({options.join(", ") || "none yet"}) or type a new one.
      </p>
      <Input
        id={id}
        list={`${id}-options`}
        value={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <datalist id={`${id}-options`}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ArticleFields({ value, errors, groups, onChange }: FieldsProps<ArticleInput>) {
  const initials = toInitials(value.authorName);
  return (
    <>
      <TextAreaField
        path="excerpt"
        label="Excerpt"
        hint="Shown on the blog's cards (cut at 150 characters) and in search results."
        error={errors.excerpt}
        value={value.excerpt}
        onValueChange={(excerpt) => onChange({ excerpt })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PickOrTypeField
          path="category"
          label="Category"
          value={value.category}
          options={groups}
          error={errors.category}
          onValueChange={(category) => onChange({ category })}
        />
        <TextField
          path="authorName"
          label="Author"
          hint={initials ? `Shown with the initials ${initials}.` : "The author's full name."}
          error={errors.authorName}
          value={value.authorName}
          onValueChange={(authorName) => onChange({ authorName })}
        />
      </div>
      <TextField
        path="readTime"
        label="Read time"
        hint={`Leave empty to compute it from the text: ${computeReadTime(value.body)}.`}
        placeholder={computeReadTime(value.body)}
        error={errors.readTime}
        value={value.readTime}
        onValueChange={(readTime) => onChange({ readTime })}
      />
    </>
  );
}

export function CaseStudyFields({ value, errors, groups, onChange }: FieldsProps<CaseStudyInput>) {
  const testimonial = (patch: Partial<CaseStudyInput["testimonial"]>) =>
    onChange({ testimonial: { ...value.testimonial, ...patch } });
  return (
    <>
      <TextAreaField
        path="description"
        label="Summary"
        hint="One or two sentences, shown on the case studies page."
        error={errors.description}
        value={value.description}
        onValueChange={(description) => onChange({ description })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PickOrTypeField
          path="industry"
          label="Industry"
          value={value.industry}
          options={groups}
          error={errors.industry}
          onValueChange={(industry) => onChange({ industry })}
        />
        <TextField
          path="client"
          label="Client"
          error={errors.client}
          value={value.client}
          onValueChange={(client) => onChange({ client })}
        />
      </div>
      <TextAreaField
        path="challenge"
        label="Challenge"
        error={errors.challenge}
        value={value.challenge}
        onValueChange={(challenge) => onChange({ challenge })}
      />
      <LinesField
        path="approach"
        label="Approach"
        hint="One step per line (up to 8). Blank lines are ignored."
        error={errors.approach}
        value={value.approach}
        onValueChange={(approach) => onChange({ approach })}
        rows={4}
      />
      <PairListField
        path="results"
        legend="Results"
        itemName="Result"
        hint="A figure and what it measures, such as 40% and lower maintenance costs."
        fields={[
          { key: "value", label: "Value" },
          { key: "label", label: "Label" },
        ]}
        items={value.results}
        onItemsChange={(results) => onChange({ results })}
        max={8}
        errors={errors}
      />
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold text-foreground">Testimonial</legend>
        <TextAreaField
          path="testimonial.quote"
          label="Quote"
          error={errors["testimonial.quote"]}
          value={value.testimonial.quote}
          onValueChange={(quote) => testimonial({ quote })}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            path="testimonial.name"
            label="Name"
            error={errors["testimonial.name"]}
            value={value.testimonial.name}
            onValueChange={(name) => testimonial({ name })}
          />
          <TextField
            path="testimonial.role"
            label="Role"
            error={errors["testimonial.role"]}
            value={value.testimonial.role}
            onValueChange={(role) => testimonial({ role })}
          />
          <TextField
            path="testimonial.company"
            label="Company"
            error={errors["testimonial.company"]}
            value={value.testimonial.company}
            onValueChange={(company) => testimonial({ company })}
          />
        </div>
      </fieldset>
    </>
  );
}
