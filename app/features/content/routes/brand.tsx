// /admin/brand: the site's logo, icon, colours and fonts, and the search engines' verification
// codes; saved into the content like any edit (history, activity, every instance's pages).
import { type ReactNode, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice, UnloadedScreen } from "~/capabilities/workspace/shell/notice";
import { findBrandContrastProblems } from "~/features/content/brand-palette";
import { saveBrand } from "~/features/content/brand-save.server";
import { type BrandFormInput, brandFormSchema } from "~/features/content/brand-schema";
import {
  BrandColorField,
  BrandFontField,
  BrandImageField,
  VerificationField,
} from "~/features/content/editor/brand-fields";
import { getRequestContent } from "~/features/content/request-content.server";
import { getActor } from "~/platform/activity/activity.server";
import { isHexColor } from "~/platform/color-contrast";
import type { FontFamilyId } from "~/platform/document/font-families";
import type { FieldErrors } from "~/platform/field-errors";
import type { FormResult } from "~/platform/http/form-result";
import { handleSubmission, pickFormValues } from "~/platform/http/submission.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { toast } from "~/ui/use-toast";
import type { Route } from "./+types/brand";

export const handle = { adminNav: { label: "Brand", order: 26 } } satisfies RouteHandle;

const fieldNames = Object.keys(brandFormSchema.shape);

/** The search engines' verification codes, one field each. */
const verificationFields = [
  {
    name: "googleVerification",
    label: "Google Search Console code",
    hint: 'From <meta name="google-site-verification" content="...">',
  },
  {
    name: "bingVerification",
    label: "Bing Webmaster Tools code",
    hint: 'From <meta name="msvalidate.01" content="...">',
  },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const { content, fresh } = await getRequestContent(context);
  const { logoWidth: _width, logoHeight: _height, ...brand } = content.brand;
  // The verification codes claim the domain in Search Console: an owner's, not shown to editors.
  const codes = admin.role === "owner" ? content.searchEngines : undefined;
  // Saving over a fallback copy while the database is unreadable could overwrite the real one.
  return fresh
    ? { initial: { ...brand, ...codes }, codes: codes !== undefined }
    : { initial: null };
}

type BrandAnswer = { message: string };

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  return handleSubmission<BrandFormInput, BrandAnswer>(
    { request, context },
    {
      schema: brandFormSchema,
      echo: (fields) => pickFormValues(fields, fieldNames),
      async accept(input, app) {
        await saveBrand(app.db, input, {
          author: admin.email,
          role: admin.role,
          actor: getActor(admin, app.clientIp),
        });
        return { body: { message: "The brand is saved and shows on every page." } };
      },
    },
  );
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Brand",
    description: "The site's logo, icon, colours, fonts and search engine verification.",
    noindex: true,
  });
}

/** One card of the form: a heading, what it is for, its fields. */
function BrandCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

type BrandValues = Record<keyof BrandFormInput, string>;

export default function BrandPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result: FormResult<BrandAnswer> | undefined = actionData;
  const [values, setValues] = useState<BrandValues | null>(() =>
    loaderData.initial
      ? { googleVerification: "", bingVerification: "", ...loaderData.initial, ...result?.values }
      : null,
  );
  // A field's refusal goes once it is edited: the live hint then measures the new value.
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setErrors(result?.status === "failed" ? result.errors : {});
    if (!result) return;
    if (result.status === "done") {
      toast({ title: "Brand Saved", description: result.body.message });
    } else {
      toast({ title: "Not Saved", description: result.message, variant: "destructive" });
    }
  }, [result]);

  if (!values) {
    return <UnloadedScreen title="Brand" what="The brand" />;
  }
  // Every band the site makes from the two colours, measured as they are typed.
  const bandProblems =
    isHexColor(values.primaryColor) && isHexColor(values.accentColor)
      ? findBrandContrastProblems({
          primaryColor: values.primaryColor.toLowerCase(),
          accentColor: values.accentColor.toLowerCase(),
        })
      : {};
  const set = (name: keyof BrandValues) => (value: string) => {
    setValues((current) => (current ? { ...current, [name]: value } : current));
    setErrors(({ [name]: _edited, ...rest }) => rest);
  };

  return (
    <AdminPage
      title="Brand"
      description="Your logo, site icon, colours and fonts, shown on every public page and in link previews."
    >
      {result?.status === "done" ? (
        <Notice tone="success" title="Brand saved">
          {result.body.message}
        </Notice>
      ) : null}
      {result?.status === "failed" && Object.keys(result.errors).length === 0 ? (
        <Notice tone="warning" title="Not saved">
          {result.message}
        </Notice>
      ) : null}
      <Form method="post" className="grid max-w-3xl gap-6">
        <BrandCard
          title="Logo and site icon"
          description={
            <>
              Upload an SVG, PNG, JPEG or WebP; the site makes every size it needs, and PNGs of an
              SVG for browser tabs, link previews and search engines.
            </>
          }
          className="grid gap-6"
        >
          <BrandImageField
            name="logoUrl"
            label="Logo"
            hint="Shown 40 pixels high in the header and footer. An SVG stays sharp at any size; upload a PNG, JPEG or WebP at least 80 pixels high so it stays sharp on high-resolution screens."
            url={values.logoUrl}
            onChange={set("logoUrl")}
            error={errors.logoUrl}
            builtInLabel="The built-in mark with the company name"
          />
          <BrandImageField
            name="iconUrl"
            label="Site icon"
            hint="The browser tab's icon, the home-screen icon and the app icons; a square image of at least 512 by 512 pixels works best (others are cropped around the centre)."
            url={values.iconUrl}
            onChange={set("iconUrl")}
            error={errors.iconUrl}
            builtInLabel="The built-in mark"
          />
        </BrandCard>
        <BrandCard
          title="Colours"
          description={
            <>
              Buttons and links use the primary colour, highlights the accent; the footer, the dark
              bands and the page headers' light wash are made from them. Every text the site sets on
              them needs a contrast of at least 4.5:1 to stay readable, and each is measured.
            </>
          }
          className="grid gap-6 sm:grid-cols-2"
        >
          <BrandColorField
            name="primaryColor"
            label="Primary colour"
            value={values.primaryColor}
            onChange={set("primaryColor")}
            error={errors.primaryColor}
            bandProblem={bandProblems.primaryColor}
          />
          <BrandColorField
            name="accentColor"
            label="Accent colour"
            value={values.accentColor}
            onChange={set("accentColor")}
            error={errors.accentColor}
            bandProblem={bandProblems.accentColor}
          />
        </BrandCard>
        <BrandCard
          title="Fonts"
          description={<>Served from this site; visitors download only the fonts you choose.</>}
          className="grid gap-6 sm:grid-cols-2"
        >
          <BrandFontField
            name="headingFont"
            label="Headings"
            value={values.headingFont as FontFamilyId}
            onChange={set("headingFont")}
            error={errors.headingFont}
          />
          <BrandFontField
            name="bodyFont"
            label="Text"
            value={values.bodyFont as FontFamilyId}
            onChange={set("bodyFont")}
            error={errors.bodyFont}
          />
        </BrandCard>
        {loaderData.codes ? (
          <BrandCard
            title="Search engines"
            description={
              <>
                To prove you own the site, Google Search Console and Bing Webmaster Tools give you a
                meta tag. Paste only its code, the part inside content="...".
              </>
            }
            className="grid gap-6"
          >
            {verificationFields.map((field) => (
              <VerificationField
                key={field.name}
                {...field}
                value={values[field.name]}
                onChange={set(field.name)}
                errors={errors}
              />
            ))}
          </BrandCard>
        ) : null}
        <div>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Saving..." : "Save brand"}
          </Button>
        </div>
      </Form>
    </AdminPage>
  );
}
