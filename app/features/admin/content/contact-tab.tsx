// The Contact tab (spec section 2): Contact Email and Contact Phone, plus the contact page's other
// texts (heading, address, profile link, form texts, business hours) under "More contact fields".
import type { EditorSections } from "~/features/admin/content/editor-model";
import type { FieldErrors } from "~/lib/field-errors";
import { hasErrorUnder, MoreFields, TextAreaField, TextField } from "./fields";
import { PairListField } from "./pair-list-field";

type Contact = EditorSections["contact"];

export function ContactTab({
  value,
  onChange,
  errors,
}: {
  value: Contact;
  onChange: (value: Contact) => void;
  errors: FieldErrors;
}) {
  const moreKeys = [
    "heading",
    "description",
    "address",
    "profileUrl",
    "formHeading",
    "formSubmitText",
    "hours",
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      <TextField
        path="contact.email"
        label="Contact Email"
        type="email"
        autoComplete="off"
        error={errors["contact.email"]}
        value={value.email}
        onValueChange={(email) => onChange({ ...value, email })}
      />
      <TextField
        path="contact.phone"
        label="Contact Phone"
        type="tel"
        autoComplete="off"
        hint="Shown as written; phone links dial its digits."
        error={errors["contact.phone"]}
        value={value.phone}
        onValueChange={(phone) => onChange({ ...value, phone })}
      />
      <MoreFields
        title="More contact fields"
        description="Page heading, address, professional profile, message form texts and business hours."
        hasError={moreKeys.some((key) => hasErrorUnder(errors, `contact.${key}`))}
      >
        <TextField
          path="contact.heading"
          label="Page Heading"
          error={errors["contact.heading"]}
          value={value.heading}
          onValueChange={(heading) => onChange({ ...value, heading })}
        />
        <TextAreaField
          path="contact.description"
          label="Page Description"
          error={errors["contact.description"]}
          value={value.description}
          onValueChange={(description) => onChange({ ...value, description })}
        />
        <TextField
          path="contact.address"
          label="Address"
          error={errors["contact.address"]}
          value={value.address}
          onValueChange={(address) => onChange({ ...value, address })}
        />
        <TextField
          path="contact.profileUrl"
          label="Professional Profile URL"
          type="url"
          hint="For example your LinkedIn page, starting with https://"
          error={errors["contact.profileUrl"]}
          value={value.profileUrl}
          onValueChange={(profileUrl) => onChange({ ...value, profileUrl })}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            path="contact.formHeading"
            label="Message Form Heading"
            error={errors["contact.formHeading"]}
            value={value.formHeading}
            onValueChange={(formHeading) => onChange({ ...value, formHeading })}
          />
          <TextField
            path="contact.formSubmitText"
            label="Message Form Button Text"
            error={errors["contact.formSubmitText"]}
            value={value.formSubmitText}
            onValueChange={(formSubmitText) => onChange({ ...value, formSubmitText })}
          />
        </div>
        <PairListField
          path="contact.hours"
          legend="Business Hours"
          itemName="Row"
          fields={[
            { key: "days", label: "Days" },
            { key: "hours", label: "Hours" },
          ]}
          items={value.hours}
          onItemsChange={(hours) => onChange({ ...value, hours })}
          max={7}
          errors={errors}
        />
      </MoreFields>
    </div>
  );
}
