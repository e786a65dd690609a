// The content manager's tabs: the fields of the call to action, footer, booking, blog, case
// studies and legal sections, built from the content editor's field components.

import { TextAreaField, TextField } from "~/features/admin/content/fields";
import type { ManagerSections } from "~/features/admin/content/manager-model";
import { PairListField } from "~/features/admin/content/pair-list-field";
import { RichTextField } from "~/features/admin/content/rich-text-field";
import type { FieldErrors } from "~/lib/field-errors";

type TabProps<Name extends keyof ManagerSections> = {
  value: ManagerSections[Name];
  onChange: (value: ManagerSections[Name]) => void;
  errors: FieldErrors;
};

const tabClass = "grid grid-cols-1 gap-6";

export function CtaFields({ value, onChange, errors }: TabProps<"cta">) {
  return (
    <div className={tabClass}>
      <TextField
        path="cta.heading"
        label="Call to Action Heading"
        hint="The closing banner of the home page."
        error={errors["cta.heading"]}
        value={value.heading}
        onValueChange={(heading) => onChange({ ...value, heading })}
      />
      <TextAreaField
        path="cta.description"
        label="Call to Action Description"
        error={errors["cta.description"]}
        value={value.description}
        onValueChange={(description) => onChange({ ...value, description })}
      />
      <TextField
        path="cta.buttonText"
        label="Call to Action Button Text"
        error={errors["cta.buttonText"]}
        value={value.buttonText}
        onValueChange={(buttonText) => onChange({ ...value, buttonText })}
      />
      <TextField
        path="cta.newsletterHeading"
        label="Newsletter Heading"
        error={errors["cta.newsletterHeading"]}
        value={value.newsletterHeading}
        onValueChange={(newsletterHeading) => onChange({ ...value, newsletterHeading })}
      />
      <TextAreaField
        path="cta.newsletterDescription"
        label="Newsletter Description"
        error={errors["cta.newsletterDescription"]}
        value={value.newsletterDescription}
        onValueChange={(newsletterDescription) => onChange({ ...value, newsletterDescription })}
      />
    </div>
  );
}

export function FooterFields({ value, onChange, errors }: TabProps<"footer">) {
  return (
    <div className={tabClass}>
      <TextAreaField
        path="footer.description"
        label="Footer Description"
        hint="Shown under the company name at the bottom of every page."
        error={errors["footer.description"]}
        value={value.description}
        onValueChange={(description) => onChange({ ...value, description })}
      />
      <TextField
        path="footer.copyright"
        label="Copyright Notice"
        error={errors["footer.copyright"]}
        value={value.copyright}
        onValueChange={(copyright) => onChange({ ...value, copyright })}
      />
    </div>
  );
}

export function BookingFields({ value, onChange, errors }: TabProps<"booking">) {
  return (
    <div className={tabClass}>
      <TextField
        path="booking.heading"
        label="Booking Heading"
        error={errors["booking.heading"]}
        value={value.heading}
        onValueChange={(heading) => onChange({ ...value, heading })}
      />
      <TextAreaField
        path="booking.description"
        label="Booking Description"
        error={errors["booking.description"]}
        value={value.description}
        onValueChange={(description) => onChange({ ...value, description })}
      />
      <TextField
        path="booking.url"
        label="Booking Calendar Address"
        hint="The https address of your online scheduling page; the booking page embeds it."
        type="url"
        inputMode="url"
        error={errors["booking.url"]}
        value={value.url}
        onValueChange={(url) => onChange({ ...value, url })}
      />
    </div>
  );
}

export function BlogFields({ value, onChange, errors }: TabProps<"blog">) {
  return (
    <div className={tabClass}>
      <TextField
        path="blog.heading"
        label="Blog Heading"
        error={errors["blog.heading"]}
        value={value.heading}
        onValueChange={(heading) => onChange({ ...value, heading })}
      />
      <TextAreaField
        path="blog.description"
        label="Blog Description"
        error={errors["blog.description"]}
        value={value.description}
        onValueChange={(description) => onChange({ ...value, description })}
      />
    </div>
  );
}

export function CaseStudiesFields({ value, onChange, errors }: TabProps<"caseStudies">) {
  return (
    <div className={tabClass}>
      <TextField
        path="caseStudies.heading"
        label="Case Studies Heading"
        error={errors["caseStudies.heading"]}
        value={value.heading}
        onValueChange={(heading) => onChange({ ...value, heading })}
      />
      <TextAreaField
        path="caseStudies.description"
        label="Case Studies Description"
        error={errors["caseStudies.description"]}
        value={value.description}
        onValueChange={(description) => onChange({ ...value, description })}
      />
      <PairListField
        path="caseStudies.items"
        legend="Case Study Highlights"
        hint="Short summaries of your work, each with its industry."
        itemName="Case Study"
        fields={[
          { key: "title", label: "Title" },
          { key: "industry", label: "Industry" },
          { key: "description", label: "Summary", multiline: true },
        ]}
        items={value.items}
        onItemsChange={(items) => onChange({ ...value, items })}
        max={20}
        errors={errors}
      />
    </div>
  );
}

export function LegalFields({ value, onChange, errors }: TabProps<"legal">) {
  return (
    <div className={tabClass}>
      <RichTextField
        path="legal.privacyPolicy"
        label="Privacy Policy"
        error={errors["legal.privacyPolicy"]}
        value={value.privacyPolicy}
        onValueChange={(privacyPolicy) => onChange({ ...value, privacyPolicy })}
      />
      <RichTextField
        path="legal.termsOfService"
        label="Terms of Service"
        error={errors["legal.termsOfService"]}
        value={value.termsOfService}
        onValueChange={(termsOfService) => onChange({ ...value, termsOfService })}
      />
    </div>
  );
}
