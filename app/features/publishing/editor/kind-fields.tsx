// The fields only one kind has: an article's excerpt, category, author and read time; a case
// study's summary, industry, client, challenge, approach, results and testimonial.

import { StoredTextField, TextField } from "~/features/content/editor/fields";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
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

const maxResults = 8;

/**
 * The case study's results: a figure and what it measures per row. Text buttons, no icons: icons
 * shared by three admin screens would be bundled into every public page (vite.config.ts).
 */
function ResultsField({
  results,
  errors,
  onResultsChange,
}: {
  results: CaseStudyInput["results"];
  errors: Record<string, string>;
  onResultsChange: (results: CaseStudyInput["results"]) => void;
}) {
  const change = (index: number, patch: Partial<CaseStudyInput["results"][number]>) =>
    onResultsChange(results.map((result, i) => (i === index ? { ...result, ...patch } : result)));
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-foreground">Results</legend>
      <p className="-mt-1 text-xs text-muted-foreground">
        A figure and what it measures, such as "40%" and "lower maintenance costs". Up to{" "}
        {maxResults}.
      </p>
      {results.map((result, index) => (
        <div
          // Rows have no identity of their own; their place is what the errors refer to.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
        >
          <TextField
            path={`results.${index}.value`}
            label={`Result ${index + 1} value`}
            error={errors[`results.${index}.value`]}
            value={result.value}
            onValueChange={(text) => change(index, { value: text })}
          />
          <TextField
            path={`results.${index}.label`}
            label={`Result ${index + 1} label`}
            error={errors[`results.${index}.label`]}
            value={result.label}
            onValueChange={(text) => change(index, { label: text })}
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onResultsChange(results.filter((_, i) => i !== index))}
          >
            Remove<span className="sr-only"> result {index + 1}</span>
          </Button>
        </div>
      ))}
      {results.length < maxResults ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => onResultsChange([...results, { value: "", label: "" }])}
        >
          Add Result
        </Button>
      ) : null}
    </fieldset>
  );
}

export function ArticleFields({ value, errors, groups, onChange }: FieldsProps<ArticleInput>) {
  const initials = toInitials(value.authorName);
  return (
    <>
      <TextField
        multiline
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
      <TextField
        multiline
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
      <TextField
        multiline
        path="challenge"
        label="Challenge"
        error={errors.challenge}
        value={value.challenge}
        onValueChange={(challenge) => onChange({ challenge })}
      />
      <StoredTextField
        form="lines"
        path="approach"
        label="Approach"
        hint="One step per line (up to 8). Blank lines are ignored."
        error={errors.approach}
        value={value.approach}
        onValueChange={(approach) => onChange({ approach })}
        rows={4}
      />
      <ResultsField
        results={value.results}
        errors={errors}
        onResultsChange={(results) => onChange({ results })}
      />
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold text-foreground">Testimonial</legend>
        <TextField
          multiline
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
