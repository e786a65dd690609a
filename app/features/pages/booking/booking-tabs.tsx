// The booking page's three tabs (spec section 2): Book Now (the calendar, the notice, three tiles),
// Our Services (a card per service, and a way back to the calendar) and What to Expect (three lists
// and a "Schedule Your Session" button that also leads back to the calendar).
import {
  CalendarCheck,
  Clock,
  Compass,
  GraduationCap,
  ListChecks,
  MessagesSquare,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  LearnMoreLink,
  ServiceIcon,
  type ServiceSummary,
} from "~/features/pages/services/service-card";
import { buttonVariants } from "~/ui/button";
import { ProgressiveTabs, TabLink } from "~/ui/progressive-tabs";
import { RichText } from "~/ui/rich-text";
import { CheckList } from "~/ui/sections/check-list";
import { BookingDetailsNote } from "./booking-details-note";
import { BookingFrame } from "./booking-frame";

export type BookingTab = "book" | "services" | "info";

const tiles = [
  {
    icon: Clock,
    title: "30-Minute Session",
    description:
      "A focused, free video or phone call at a time that suits you, with no obligation.",
  },
  {
    icon: GraduationCap,
    title: "Expert Guidance",
    description:
      "Speak directly with a senior consultant who has solved problems like yours before.",
  },
  {
    icon: Compass,
    title: "Next Steps",
    description:
      "Leave with clear, practical recommendations, whether or not we end up working together.",
  },
];

const expectations = [
  {
    icon: CalendarCheck,
    title: "Consultation Format",
    items: [
      "A 30-minute video call on Microsoft Teams or Zoom, or a phone call if you prefer",
      "One-to-one with a senior consultant, not a salesperson",
      "Completely free, with no obligation to continue",
      "A short email afterwards summarizing what we discussed",
    ],
  },
  {
    icon: MessagesSquare,
    title: "Discussion Topics",
    items: [
      "Your business goals and how technology supports them today",
      "The challenges, risks or projects at the top of your list",
      "Quick wins and longer-term options we see",
      "How we could help, and what that would typically involve",
    ],
  },
  {
    icon: ListChecks,
    title: "How to Prepare",
    items: [
      "Note the two or three issues you most want to solve",
      "Have a rough idea of your team size and key systems",
      "Mention any deadlines, budgets or compliance requirements",
      "Invite a colleague who should be part of the conversation",
    ],
  },
];

const idPrefix = "booking";

export function BookingTabs({
  url,
  note,
  services,
}: {
  url: string;
  /** The booking note (rich text) from the content. */
  note: string;
  services: ServiceSummary[];
}) {
  const [tab, setTab] = useState<string>("book");
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
          label: "Book Now",
          content: (
            <div className="space-y-8">
              <BookingDetailsNote html={note} />
              <BookingFrame url={url} />
              <ul className="grid gap-5 md:grid-cols-3">
                {tiles.map(({ icon: Icon, title, description }) => (
                  <li
                    key={title}
                    className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm"
                  >
                    <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-blue-50 text-primary ring-1 ring-blue-100">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <h3 className="mt-4 text-lg font-semibold text-navy">{title}</h3>
                    <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>
                  </li>
                ))}
              </ul>
            </div>
          ),
        },
        {
          value: "services",
          label: "Our Services",
          content: (
            <div>
              <p className="mx-auto max-w-2xl text-center text-slate-600">
                Not sure which service fits? Every consultation starts with your goals, so you can
                bring any of these topics to the call.
              </p>
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
                Book Your Consultation
              </BackToBookLink>
            </div>
          ),
        },
        {
          value: "info",
          label: "What to Expect",
          content: (
            <div>
              <div className="grid gap-6 lg:grid-cols-3">
                {expectations.map(({ icon: Icon, title, items }) => (
                  <section
                    key={title}
                    aria-labelledby={getExpectationHeadingId(title)}
                    className="rounded-2xl border border-border bg-white p-7 shadow-sm"
                  >
                    <span className="flex size-11 items-center justify-center rounded-lg bg-teal-50 text-accent ring-1 ring-teal-100">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <h3
                      id={getExpectationHeadingId(title)}
                      className="mt-4 text-lg font-semibold text-navy"
                    >
                      {title}
                    </h3>
                    <CheckList items={items} className="mt-5" />
                  </section>
                ))}
              </div>
              <BackToBookLink idPrefix={idPrefix} onSelect={selectTab}>
                Schedule Your Session
              </BackToBookLink>
            </div>
          ),
        },
      ]}
    />
  );
}

function getExpectationHeadingId(title: string): string {
  return `expect-${title.toLowerCase().replace(/\W+/g, "-")}`;
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
