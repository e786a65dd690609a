// The booking page's three tabs: Book Now (the calendar, a notice, three tiles), Our Services and
// What to Expect (both leading back to the calendar). Their words are the content's booking
// section.
import {
  CalendarCheck,
  Clock,
  Compass,
  GraduationCap,
  ListChecks,
  MessagesSquare,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import type { SiteContent } from "~/features/content/schema";
import {
  LearnMoreLink,
  ServiceIcon,
  type ServiceSummary,
} from "~/features/pages/services/service-card";
import { buttonVariants } from "~/ui/button";
import { ProgressiveTabs, TabLink } from "~/ui/progressive-tabs";
import { CheckList } from "~/ui/sections/check-list";
import { BookingDetailsNote } from "./booking-details-note";
import { BookingFrame, type BookingFrameTexts } from "./booking-frame";

export type BookingTab = "book" | "services" | "info";

/** Icons by position: the tiles' and the lists' words are the content's. */
const tileIcons = [Clock, GraduationCap, Compass];
const expectationIcons = [CalendarCheck, MessagesSquare, ListChecks];

/** The words of the tabs, from the content's booking section. */
export type BookingTabTexts = BookingFrameTexts &
  Pick<
    SiteContent["booking"],
    | "detailsNote"
    | "tiles"
    | "servicesIntro"
    | "servicesButtonText"
    | "formatHeading"
    | "formatItems"
    | "topicsHeading"
    | "topicsItems"
    | "prepareHeading"
    | "prepareItems"
    | "scheduleButtonText"
    | "bookTabLabel"
    | "servicesTabLabel"
    | "expectTabLabel"
  >;

const idPrefix = "booking";

export function BookingTabs({
  url,
  texts,
  services,
}: {
  url: string;
  texts: BookingTabTexts;
  services: ServiceSummary[];
}) {
  const [tab, setTab] = useState<string>("book");
  const expectations = [
    { title: texts.formatHeading, items: texts.formatItems },
    { title: texts.topicsHeading, items: texts.topicsItems },
    { title: texts.prepareHeading, items: texts.prepareItems },
  ];
  const selectTab = (value: string) => setTab(value);
  return (
    <ProgressiveTabs
      label="Booking"
      idPrefix={idPrefix}
      value={tab}
      onValueChange={selectTab}
      listClassName="w-full sm:w-auto"
      triggerClassName="grow basis-[calc(50%-0.25rem)] sm:grow-0 sm:basis-auto"
      tabs={[
        {
          value: "book",
          label: texts.bookTabLabel,
          content: (
            <div className="space-y-8">
              <BookingDetailsNote html={texts.detailsNote} />
              <BookingFrame url={url} texts={texts} />
              <ul className="grid gap-5 md:grid-cols-3">
                {texts.tiles.map(({ title, description }, index) => {
                  const Icon = tileIcons[index % tileIcons.length] ?? Clock;
                  return (
                    <li
                      key={title}
                      className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm"
                    >
                      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-tint text-primary ring-1 ring-tint-strong">
                        <Icon className="size-6" aria-hidden="true" />
                      </span>
                      <h3 className="mt-4 text-lg font-semibold text-navy">{title}</h3>
                      <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>
                    </li>
                  );
                })}
              </ul>
            </div>
          ),
        },
        {
          value: "services",
          label: texts.servicesTabLabel,
          content: (
            <div>
              <p className="mx-auto max-w-2xl text-center text-slate-600">{texts.servicesIntro}</p>
              <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {services.map((service) => (
                  <li
                    key={service.title}
                    className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm"
                  >
                    <ServiceIcon icon={service.icon} size="sm" />
                    <h3 className="mt-4 text-lg font-semibold text-navy">{service.title}</h3>
                    <RichText
                      html={service.description}
                      className="mt-2 flex-1 text-sm leading-relaxed text-slate-600"
                    />
                    <LearnMoreLink title={service.title} className="mt-5 self-start" />
                  </li>
                ))}
              </ul>
              <BackToBookLink idPrefix={idPrefix} onSelect={selectTab}>
                {texts.servicesButtonText}
              </BackToBookLink>
            </div>
          ),
        },
        {
          value: "info",
          label: texts.expectTabLabel,
          content: (
            <div>
              <div className="grid gap-6 lg:grid-cols-3">
                {expectations.map(({ title, items }, index) => {
                  const Icon = expectationIcons[index] ?? ListChecks;
                  return (
                    <section
                      key={getExpectationHeadingId(index)}
                      aria-labelledby={getExpectationHeadingId(index)}
                      className="rounded-2xl border border-border bg-white p-7 shadow-sm"
                    >
                      <span className="flex size-11 items-center justify-center rounded-lg bg-accent-tint text-accent ring-1 ring-accent-tint-strong">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      <h3
                        id={getExpectationHeadingId(index)}
                        className="mt-4 text-lg font-semibold text-navy"
                      >
                        {title}
                      </h3>
                      <CheckList items={items} className="mt-5" />
                    </section>
                  );
                })}
              </div>
              <BackToBookLink idPrefix={idPrefix} onSelect={selectTab}>
                {texts.scheduleButtonText}
              </BackToBookLink>
            </div>
          ),
        },
      ]}
    />
  );
}

/** By position: the owner's headings may repeat or hold any character. */
function getExpectationHeadingId(index: number): string {
  return `expect-${index + 1}`;
}

/** A button-styled link back to the Book Now tab (a plain anchor without JavaScript). */
function BackToBookLink({
  idPrefix,
  onSelect,
  children,
}: {
  idPrefix: string;
  onSelect: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <p className="mt-10 text-center">
      <TabLink
        idPrefix={idPrefix}
        value="book"
        onSelect={onSelect}
        className={buttonVariants({ size: "lg" })}
      >
        <CalendarCheck aria-hidden="true" />
        {children}
      </TabLink>
    </p>
  );
}
