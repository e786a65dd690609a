// /about: heading and description, the firm's introduction and features, Our Story, the four core
// values, the four approach steps, the owner's extra blocks, and links to the contact and booking
// pages.
import {
  Award,
  CircleCheck,
  Handshake,
  HeartHandshake,
  Lightbulb,
  ShieldCheck,
} from "lucide-react";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { getRequestContent } from "~/features/content/request-content.server";
import { DrawnBlocks } from "~/features/pages/blocks/extra-blocks";
import { renderExtraBlocks } from "~/features/pages/blocks/extra-blocks.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { ContentCallToAction } from "~/ui/sections/call-to-action";
import { FeatureGrid } from "~/ui/sections/feature-grid";
import { NumberedSteps } from "~/ui/sections/numbered-steps";
import { PageHeader } from "~/ui/sections/page-header";
import { Container, SectionHeading } from "~/ui/sections/section-heading";
import type { Route } from "./+types/about";

export const handle = {
  page: { title: "About Us", group: "Main Pages", order: 30 },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = await getRequestContent(context);
  return {
    about: content.about,
    cta: content.cta,
    tagline: content.general.tagline,
    seo: content.seo.about,
    extra: await renderExtraBlocks(context, content.extraBlocks.about),
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "About Us",
    description: args.loaderData?.about.description ?? "",
    seo: args.loaderData?.seo,
    organization: true,
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, cta, tagline, extra } = loaderData;
  return (
    <>
      <PageHeader eyebrow={about.eyebrow} title={about.heading} description={about.description} />

      <section aria-labelledby="about-intro" className="py-16 sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading title={about.title} id="about-intro" />
            <RichText
              html={about.content}
              className="mt-6 text-base leading-relaxed text-slate-600 sm:text-lg"
            />
          </div>
          <FeatureGrid
            features={about.features}
            icons={[ShieldCheck, Lightbulb, CircleCheck, Handshake]}
          />
        </Container>
      </section>

      <section aria-labelledby="about-story" className="bg-slate-50 py-16 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-4">
            <div className="lg:sticky lg:top-28">
              <h2
                id="about-story"
                className="text-3xl font-bold tracking-tight text-navy sm:text-4xl"
              >
                {about.storyHeading}
              </h2>
              {tagline ? (
                <p className="mt-6 border-l-4 border-accent pl-5 text-xl font-medium leading-snug text-slate-700">
                  {tagline}
                </p>
              ) : null}
            </div>
          </div>
          <RichText
            html={about.story}
            className="text-base leading-relaxed text-slate-700 sm:text-lg lg:col-span-8"
          />
        </Container>
      </section>

      <section aria-labelledby="about-values" className="py-16 sm:py-20">
        <Container>
          <SectionHeading
            eyebrow={about.valuesEyebrow}
            title={about.valuesHeading}
            align="center"
            id="about-values"
          />
          <FeatureGrid
            features={about.values}
            icons={[Award, HeartHandshake, Lightbulb, ShieldCheck]}
            columns={4}
            className="mt-12"
          />
        </Container>
      </section>

      <section aria-labelledby="about-approach" className="border-t border-border py-16 sm:py-20">
        <Container>
          <SectionHeading
            eyebrow={about.approachEyebrow}
            title={about.approachHeading}
            description={about.approachDescription}
            align="center"
            id="about-approach"
          />
          <NumberedSteps steps={about.approach} className="mt-12" />
        </Container>
      </section>

      <DrawnBlocks html={extra ?? ""} />

      <ContentCallToAction cta={cta} headingId="about-cta" />
    </>
  );
}
