// The About tab (spec section 2): About Title and About Content, plus the about page's other
// texts (heading, description, features, story, values, approach) under "More about page fields".
import type { EditorSections } from "~/features/admin/content/editor-model";
import type { FieldErrors } from "~/lib/field-errors";
import { hasErrorUnder, MoreFields, TextAreaField, TextField } from "./fields";
import { PairListField } from "./pair-list-field";
import { RichTextField } from "./rich-text-field";

type About = EditorSections["about"];

const titled = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description", multiline: true },
] as [{ key: "title"; label: string }, { key: "description"; label: string; multiline: true }];

export function AboutTab({
  value,
  onChange,
  errors,
}: {
  value: About;
  onChange: (value: About) => void;
  errors: FieldErrors;
}) {
  const moreKeys = [
    "heading",
    "description",
    "features",
    "storyHeading",
    "story",
    "values",
    "approach",
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      <TextField
        path="about.title"
        label="About Title"
        error={errors["about.title"]}
        value={value.title}
        onValueChange={(title) => onChange({ ...value, title })}
      />
      <RichTextField
        path="about.content"
        label="About Content"
        error={errors["about.content"]}
        value={value.content}
        onValueChange={(content) => onChange({ ...value, content })}
      />
      <MoreFields
        title="More about page fields"
        description="Page heading, features, our story, core values and our approach."
        hasError={moreKeys.some((key) => hasErrorUnder(errors, `about.${key}`))}
      >
        <TextField
          path="about.heading"
          label="Page Heading"
          error={errors["about.heading"]}
          value={value.heading}
          onValueChange={(heading) => onChange({ ...value, heading })}
        />
        <TextAreaField
          path="about.description"
          label="Page Description"
          error={errors["about.description"]}
          value={value.description}
          onValueChange={(description) => onChange({ ...value, description })}
        />
        <PairListField
          path="about.features"
          legend="Features"
          itemName="Feature"
          fields={titled}
          items={value.features}
          onItemsChange={(features) => onChange({ ...value, features })}
          max={12}
          errors={errors}
        />
        <TextField
          path="about.storyHeading"
          label="Story Heading"
          error={errors["about.storyHeading"]}
          value={value.storyHeading}
          onValueChange={(storyHeading) => onChange({ ...value, storyHeading })}
        />
        <RichTextField
          path="about.story"
          label="Our Story"
          error={errors["about.story"]}
          value={value.story}
          onValueChange={(story) => onChange({ ...value, story })}
        />
        <PairListField
          path="about.values"
          legend="Core Values"
          itemName="Value"
          fields={titled}
          items={value.values}
          onItemsChange={(values) => onChange({ ...value, values })}
          max={8}
          errors={errors}
        />
        <PairListField
          path="about.approach"
          legend="Our Approach"
          itemName="Step"
          fields={titled}
          items={value.approach}
          onItemsChange={(approach) => onChange({ ...value, approach })}
          max={8}
          errors={errors}
        />
      </MoreFields>
    </div>
  );
}
