// A page built from blocks, drawn with the site's own sections (page header, service and article
// cards, case study summaries, testimonials, figures, the navy call to action, the contact form,
// the newsletter sign-up and the booking calendar), so any page looks like the rest of the site.
import { Quote } from "lucide-react";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import {
  type Block,
  findBlockLinkProblem,
  type ImageValue,
} from "~/capabilities/blocks/page-blocks";
import { FallbackImage } from "~/capabilities/media/fallback-image";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { ServiceCard } from "~/features/pages/services/service-card";
import { ArticleCard, toArticleCard } from "~/features/publishing/components/article-card";
import { CaseStudySummary } from "~/features/publishing/components/case-study-summary";
import {
  heroImageSizes,
  imageTextImageSizes,
  testimonialPhotoSizes,
} from "~/features/publishing/components/image-sizes";
import { toPlainText } from "~/platform/plain-text";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { CallToAction } from "~/ui/sections/call-to-action";
import { InitialsAvatar, toInitials } from "~/ui/sections/initials-avatar";
import { PageHeader } from "~/ui/sections/page-header";
import { Section } from "./block-section";
import type { BlocksData } from "./blocks-data.server";
import { InteractiveBlock } from "./interactive-block";

type Data = BlocksData;
type Of<T extends Block["type"]> = Extract<Block, { type: T }>;

/** The services a block shows: the chosen ones, or every one. */
const pickServices = (block: Of<"services">, data: Data) =>
  block.chosen.length
    ? data.services.filter((service) => block.chosen.includes(service.slug))
    : data.services;

/** The case studies a block shows: the chosen ones, or the first three. */
const pickCaseStudies = (block: Of<"caseStudies">, data: Data) =>
  block.chosen.length
    ? data.caseStudies.filter((study) => block.chosen.includes(study.id))
    : data.caseStudies.slice(0, 3);

/** The articles a block shows: the chosen ones, or the three newest of its category. */
const pickArticles = (block: Of<"articles">, data: Data) =>
  block.chosen.length
    ? data.articles.filter((article) => block.chosen.includes(article.id))
    : data.articles
        .filter((article) => !block.category || article.category === block.category)
        .slice(0, 3);

const isBlankHtml = (html: string) => !toPlainText(html).trim() && !/<img\b/i.test(html);

/** Whether a block has something to show: an empty one would leave an empty band on the page. */
export function hasBlockContent(block: Block, data: Data): boolean {
  switch (block.type) {
    case "hero":
      return Boolean(
        block.heading ||
          block.text ||
          block.image.url ||
          (block.primaryLabel && block.primaryHref) ||
          (block.secondaryLabel && block.secondaryHref),
      );
    case "richText":
      return !isBlankHtml(block.body);
    case "imageText":
      return Boolean(block.heading || block.image.url || !isBlankHtml(block.body));
    case "services":
      return pickServices(block, data).length > 0;
    case "caseStudies":
      return pickCaseStudies(block, data).length > 0;
    case "articles":
      return pickArticles(block, data).length > 0;
    case "testimonials":
    case "figures":
    case "faq":
      return block.items.length > 0;
    case "cta":
      return Boolean(block.heading || block.text || (block.buttonLabel && block.buttonHref));
    case "contact":
      return Boolean(data.contact);
    case "booking":
      return Boolean(data.booking);
    case "newsletter":
      return true;
  }
}

/**
 * A block's chosen image: an upload as a <picture> of its sizes (`sizes`: how wide the block shows
 * it), cropped around its focal point; the site's own images as they are.
 */
function BlockImage({
  image,
  sizes,
  ...props
}: Omit<ComponentProps<typeof FallbackImage>, "alt" | "src" | "sources"> & {
  image: ImageValue;
  sizes: string;
}) {
  return (
    <FallbackImage
      {...props}
      src={image.url}
      alt={image.alt}
      sources={image.imageSources}
      sizes={sizes}
      style={image.imagePosition ? { objectPosition: image.imagePosition } : undefined}
    />
  );
}

/** Whether a button's link is drawn: one a save would refuse never is, whatever is stored. */
const isDrawnLink = (href: string) => Boolean(href) && !findBlockLinkProblem(href);

/** A link of a block's button: the site's own addresses stay in the app, others are plain. */
function BlockLink({ href, children, ...rest }: ComponentProps<"a"> & { href: string }) {
  // The rest is what a Button passes its child (asChild): its classes and handlers.
  return href.startsWith("/") ? (
    <Link to={href} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

function HeroBlock({ block, level }: { block: Of<"hero">; level: 1 | 2 }) {
  const buttons = [
    { label: block.primaryLabel, href: block.primaryHref, variant: "default" as const },
    { label: block.secondaryLabel, href: block.secondaryHref, variant: "outline" as const },
  ].filter((button) => button.label && isDrawnLink(button.href));
  return (
    <PageHeader title={block.heading} description={block.text || undefined} level={level}>
      {buttons.length > 0 || block.image.url ? (
        <div className="grid w-full justify-items-center gap-8">
          {buttons.length > 0 ? (
            <div className="flex flex-col gap-3 sm:flex-row">
              {buttons.map((button) => (
                <Button key={button.href + button.label} asChild size="lg" variant={button.variant}>
                  <BlockLink href={button.href}>{button.label}</BlockLink>
                </Button>
              ))}
            </div>
          ) : null}
          {block.image.url ? (
            <BlockImage
              image={block.image}
              sizes={heroImageSizes}
              width={1200}
              height={600}
              fetchPriority="high"
              className="aspect-[2/1] w-full max-w-4xl rounded-2xl object-cover shadow-lg"
            />
          ) : null}
        </div>
      ) : null}
    </PageHeader>
  );
}

function ImageTextBlock({ block }: { block: Of<"imageText"> }) {
  return (
    <Section id={`block-${block.id}`}>
      <div className="grid items-center gap-10 lg:grid-cols-2">
        {block.image.url ? (
          <BlockImage
            image={block.image}
            sizes={imageTextImageSizes}
            width={800}
            height={600}
            loading="lazy"
            className={cn(
              "aspect-[4/3] w-full rounded-2xl object-cover shadow-md",
              block.imageSide === "right" && "lg:order-2",
            )}
          />
        ) : null}
        <div>
          {block.heading ? (
            <h2 className="text-3xl font-bold tracking-tight text-navy">{block.heading}</h2>
          ) : null}
          <RichText html={block.body} className="mt-4 text-base leading-relaxed text-slate-700" />
        </div>
      </div>
    </Section>
  );
}

function TestimonialsBlock({ block }: { block: Of<"testimonials"> }) {
  return (
    <Section id={`block-${block.id}`} heading={block.heading} tone="slate">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {block.items.map((item) => (
          <figure
            key={item.name + item.quote.slice(0, 20)}
            className="rounded-xl border border-border bg-white p-6 shadow-sm"
          >
            <Quote className="size-7 text-accent" aria-hidden="true" />
            <blockquote className="mt-3 text-base leading-relaxed text-slate-700">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="mt-5 flex items-center gap-3">
              {item.photo.url ? (
                <BlockImage
                  image={item.photo}
                  sizes={testimonialPhotoSizes}
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 rounded-full object-cover"
                />
              ) : (
                <InitialsAvatar initials={toInitials(item.name)} />
              )}
              <span className="text-sm">
                <span className="block font-semibold text-navy">{item.name}</span>
                <span className="block text-slate-600">
                  {[item.role, item.company].filter(Boolean).join(", ")}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

/**
 * The questions, as schema.org Questions (microdata) when the page is an FAQPage (`questions`,
 * declared around the page's blocks by not-found.tsx):
 * search engines read them from the HTML itself, so no JSON-LD repeats every answer.
 */
function FaqBlock({ block, questions }: { block: Of<"faq">; questions: boolean }) {
  const micro = (props: Record<string, string | boolean>) => (questions ? props : {});
  return (
    <Section id={`block-${block.id}`} heading={block.heading} align="center">
      <div className="mx-auto grid max-w-3xl gap-3">
        {block.items.map((item) => (
          <details
            key={item.question}
            className="group rounded-xl border border-border bg-white p-5 shadow-sm"
            {...micro({ itemScope: true, itemProp: "mainEntity", itemType: schemaQuestion })}
          >
            <summary
              className="cursor-pointer font-semibold text-navy"
              {...micro({ itemProp: "name" })}
            >
              {item.question}
            </summary>
            <div
              {...micro({ itemScope: true, itemProp: "acceptedAnswer", itemType: schemaAnswer })}
            >
              <p
                className="mt-3 whitespace-pre-line leading-relaxed text-slate-700"
                {...micro({ itemProp: "text" })}
              >
                {item.answer}
              </p>
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}

const schemaQuestion = "https://schema.org/Question";
const schemaAnswer = "https://schema.org/Answer";

export function BlockView({
  block,
  data,
  level,
  questions = false,
}: {
  block: Block;
  data: Data;
  level: 1 | 2;
  /** The page is an FAQPage: FAQ blocks mark their questions up for search engines. */
  questions?: boolean;
}) {
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} level={level} />;
    case "richText":
      return (
        <Section id={`block-${block.id}`}>
          <RichText
            html={block.body}
            className="mx-auto max-w-3xl text-lg leading-relaxed text-slate-700"
          />
        </Section>
      );
    case "imageText":
      return <ImageTextBlock block={block} />;
    case "services": {
      const services = pickServices(block, data);
      return (
        <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro} tone="slate">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </div>
        </Section>
      );
    }
    case "caseStudies": {
      const studies = pickCaseStudies(block, data);
      return (
        <Section id={`block-${block.id}`} heading={block.heading} intro={block.intro}>
          <div className="grid gap-16">
            {studies.map((study, index) => (
              <CaseStudySummary
                key={study.id}
                study={study}
                index={index}
                labels={data.caseStudyLabels}
              />
            ))}
          </div>
        </Section>
      );
    }
    case "articles": {
      const articles = pickArticles(block, data);
      return (
        <Section id={`block-${block.id}`} heading={block.heading} tone="slate">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <ArticleCard
                key={article.id}
                article={toArticleCard(article)}
                readMoreText={data.readMoreText}
              />
            ))}
          </div>
        </Section>
      );
    }
    case "testimonials":
      return <TestimonialsBlock block={block} />;
    case "figures":
      return (
        <Section id={`block-${block.id}`}>
          <ul className="grid divide-y divide-border rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:grid-flow-col sm:auto-cols-fr sm:divide-x sm:divide-y-0">
            {block.items.map((item) => (
              <li key={item.value + item.label} className="p-6 text-center sm:p-8">
                <span className="block text-4xl font-bold text-navy">{item.value}</span>
                <span className="mt-1 block text-sm font-medium text-slate-600">{item.label}</span>
              </li>
            ))}
          </ul>
        </Section>
      );
    case "cta":
      return (
        <CallToAction
          headingId={`block-${block.id}`}
          heading={block.heading}
          description={block.text}
          actions={
            block.buttonLabel && isDrawnLink(block.buttonHref) ? (
              <Button asChild size="lg" variant="accent">
                <BlockLink href={block.buttonHref}>{block.buttonLabel}</BlockLink>
              </Button>
            ) : null
          }
        />
      );
    case "faq":
      return <FaqBlock block={block} questions={questions} />;
    case "contact":
    case "newsletter":
    case "booking":
      return <InteractiveBlock block={block} data={data} />;
  }
}

/**
 * Blocks in order, those with nothing to show left out. A hero is the page's h1 only when it
 * opens a built page; elsewhere (a fixed page's extra blocks) its heading is an h2.
 */
export function BlockList({
  blocks,
  data,
  opensPage = false,
}: {
  blocks: readonly Block[];
  data: Data;
  opensPage?: boolean;
}) {
  return blocks
    .filter((block) => hasBlockContent(block, data))
    .map((block, index) => (
      <BlockView
        key={block.id}
        block={block}
        data={data}
        level={opensPage && index === 0 ? 1 : 2}
      />
    ));
}
