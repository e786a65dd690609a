// The contact form. With JavaScript it checks the fields with the shared
// schema, posts JSON to /api/contact and answers with toasts; without, it is a plain form post to
// /contact whose answer the server renders into the page with the same messages.
import { type FormEvent, useId, useRef, useState } from "react";
import { InlineRichText } from "~/capabilities/rich-text/rich-text-html";
import type { SiteContent } from "~/features/content/schema";
import { type ContactField, contactLimits } from "~/features/leads/limits";
import { ApiRequestError, postJson } from "~/platform/api-client";
import { toFieldErrors } from "~/platform/field-errors";
import { type FormResult, readFormMessage } from "~/platform/http/form-result";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FormField } from "~/ui/forms/form-field";
import { FormNotice } from "~/ui/forms/form-notice";
import { Input } from "~/ui/input";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/use-toast";
import { SpamGuardFields } from "./spam-guard-fields";

type FieldErrors = Partial<Record<ContactField, string>>;
/** The form's labels and notes, from the content's Forms section (the fixed messages stay here). */
export type ContactFormTexts = Pick<
  SiteContent["forms"],
  | "contactNameLabel"
  | "contactEmailLabel"
  | "contactPhoneLabel"
  | "contactCompanyLabel"
  | "contactMessageLabel"
  | "contactPrivacyNote"
  | "contactSendingText"
>;

const fieldOrder: ContactField[] = ["name", "email", "phone", "company", "message"];
export const contactSentTitle = "Message sent";
export const contactSentDescription = "Thank you for contacting us. We'll be in touch soon!";

function readFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

/** Empties the visible fields; reset() would bring back values a no-JavaScript post rendered. */
function clearFields(form: HTMLFormElement) {
  for (const field of fieldOrder) {
    const control = form.elements.namedItem(field);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      control.value = "";
    }
  }
}

type SchemaModule = typeof import("~/features/leads/schema");
let schemaModule: Promise<SchemaModule> | undefined;

/**
 * The shared schema (zod) is fetched when the visitor starts on the form rather than with the
 * page, which keeps the contact page within its JavaScript budget.
 */
function loadSchema(): Promise<SchemaModule> {
  if (!schemaModule) {
    schemaModule = import("~/features/leads/schema");
    schemaModule.catch(() => {
      schemaModule = undefined;
    });
  }
  return schemaModule;
}

/** Field errors by the shared schema; if the schema cannot be fetched the server checks alone. */
async function validate(fields: Record<string, string>): Promise<FieldErrors> {
  let schema: SchemaModule;
  try {
    schema = await loadSchema();
  } catch {
    return {};
  }
  const result = schema.contactMessageSchema.safeParse(fields);
  return result.success ? {} : (toFieldErrors(result.error.issues) as FieldErrors);
}

export function ContactForm({
  heading,
  labelledBy,
  submitText,
  texts,
  formToken,
  result,
}: {
  /** The form's own heading; none where it sits under the block's (labelledBy names that). */
  heading?: string;
  /** The id of the heading that names the form, when it has none of its own. */
  labelledBy?: string;
  submitText: string;
  texts: ContactFormTexts;
  formToken?: string;
  /** The page action's answer to a form post (JavaScript off). */
  result?: FormResult<{ message: string }>;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // One key per filled-in form, kept across retries and double clicks, renewed after a success:
  // the server stores one message per key.
  const idempotencyKey = useRef<string | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>(
    result?.status === "failed" ? result.errors : {},
  );
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState(result);
  const values = result?.status === "failed" ? result.values : {};
  const noticeMessage = readFormMessage(notice);
  const firstInvalid = fieldOrder.find((field) => errors[field]);
  const fieldId = (field: ContactField) => `${id}-${field}`;

  function focusField(field: ContactField) {
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const fields = readFields(form);
    const found = await validate(fields);
    setErrors(found);
    setNotice(undefined);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    setPending(true);
    // getRandomValues, unlike randomUUID, also works on a plain-http address.
    idempotencyKey.current ??= Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) =>
      n.toString(36),
    ).join("-");
    try {
      await postJson("/api/contact", {
        name: fields.name ?? "",
        email: fields.email ?? "",
        phone: fields.phone ?? "",
        company: fields.company ?? "",
        message: fields.message ?? "",
        website: fields.website ?? "",
        formToken: fields.formToken ?? "",
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = undefined;
      clearFields(form);
      toast({ title: contactSentTitle, description: contactSentDescription });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(error.fieldErrors);
        toast({
          title: "Error",
          description: error.serverMessage ?? "Failed to send message",
          variant: "destructive",
        });
      } else {
        toast({
          title: "Error",
          description: "Failed to send message. Please try again.",
          variant: "destructive",
        });
      }
    } finally {
      setPending(false);
    }
  }

  // Once a field has an error, it is checked again as the visitor corrects it.
  async function handleChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (!errors[name]) return;
    const found = await validate(readFields(event.currentTarget));
    setErrors((current) => ({ ...current, [name]: found[name] }));
  }

  const errorSummary = fieldOrder
    .map((field) => errors[field])
    .filter(Boolean)
    .join(" ");

  return (
    <form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      aria-labelledby={heading ? `${id}-heading` : labelledBy}
      onSubmit={handleSubmit}
      onChange={handleChange}
      onFocus={() => {
        loadSchema().catch(() => {});
      }}
      className="relative"
    >
      {heading ? (
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-navy">
          {heading}
        </h2>
      ) : null}
      {notice?.status === "done" ? (
        <FormNotice variant="success" title={contactSentTitle} className={cn(heading && "mt-6")}>
          {contactSentDescription}
        </FormNotice>
      ) : null}
      {noticeMessage ? (
        <FormNotice variant="error" title="Error" className={cn(heading && "mt-6")}>
          {noticeMessage}
        </FormNotice>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {errorSummary}
      </p>
      <div
        className={cn(
          "grid gap-5 sm:grid-cols-2",
          (heading || notice?.status === "done" || noticeMessage) && "mt-6",
        )}
      >
        <FormField id={fieldId("name")} label={texts.contactNameLabel} error={errors.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              maxLength={contactLimits.name}
              defaultValue={values.name}
              autoFocus={firstInvalid === "name" && Boolean(result)}
            />
          )}
        </FormField>
        <FormField id={fieldId("email")} label={texts.contactEmailLabel} error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={contactLimits.email}
              defaultValue={values.email}
              autoFocus={firstInvalid === "email" && Boolean(result)}
            />
          )}
        </FormField>
        <FormField
          id={fieldId("phone")}
          label={texts.contactPhoneLabel}
          optional
          error={errors.phone}
        >
          {(control) => (
            <Input
              {...control}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={contactLimits.phone}
              defaultValue={values.phone}
            />
          )}
        </FormField>
        <FormField
          id={fieldId("company")}
          label={texts.contactCompanyLabel}
          optional
          error={errors.company}
        >
          {(control) => (
            <Input
              {...control}
              name="company"
              autoComplete="organization"
              maxLength={contactLimits.company}
              defaultValue={values.company}
            />
          )}
        </FormField>
        <FormField
          id={fieldId("message")}
          label={texts.contactMessageLabel}
          error={errors.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              {...control}
              name="message"
              rows={8}
              maxLength={contactLimits.message}
              defaultValue={values.message}
              autoFocus={firstInvalid === "message" && Boolean(result)}
            />
          )}
        </FormField>
      </div>
      <SpamGuardFields formToken={formToken} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          <InlineRichText
            html={texts.contactPrivacyNote}
            className="[&_a]:font-medium [&_a]:text-primary [&_a:hover]:underline"
          />
        </p>
        <Button type="submit" size="lg" disabled={pending} className="sm:min-w-44">
          {pending ? texts.contactSendingText : submitText}
        </Button>
      </div>
    </form>
  );
}
