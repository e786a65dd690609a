// The page a new site starts with besides the spec's: a Careers page built from blocks, live at
// /careers, so the owner sees what a built page is and edits or deletes it like any other.
import type { Page } from "./schema";

export const defaultPages: Page[] = [
  {
    id: "careers",
    title: "Careers",
    blocks: [
      {
        type: "hero",
        id: "careershero",
        heading: "Build a Career in IT Consulting",
        text: "Join a small team of engineers and advisers who help growing businesses run secure, reliable technology. We value clear thinking, plain language and work that lasts.",
        primaryLabel: "Get in Touch",
        primaryHref: "#apply",
        secondaryLabel: "About Us",
        secondaryHref: "/about",
        image: { url: "", alt: "" },
      },
      {
        type: "richText",
        id: "careerswork",
        body: '<h2>How We Work</h2><p>We work in small teams close to our clients: the people who design a solution also build it and support it. Every consultant has time each week for learning, and every project ends with a written handover the client can keep.</p><figure><img src="/images/case-studies/precision-manufacturer-cloud-migration.svg" alt="Diagram of a cloud migration planned by our team" width="1200" height="800"></figure><p>We hire for curiosity and care as much as for experience. If you enjoy explaining technology to people who do not live in it, you will fit in.</p>',
      },
      {
        type: "faq",
        id: "careersfaq",
        heading: "Questions Candidates Ask",
        items: [
          {
            question: "Do you hire people early in their career?",
            answer:
              "Yes. Each newcomer works alongside a senior consultant on real client projects from the first month.",
          },
          {
            question: "Can I work remotely?",
            answer:
              "Most of our work is remote, with client visits when a project needs them. We meet as a team once a month.",
          },
          {
            question: "What does the hiring process look like?",
            answer:
              "A first conversation, a practical exercise based on a real client problem, and a meeting with the team. We answer every application within two weeks.",
          },
        ],
      },
      {
        type: "testimonials",
        id: "careersvoices",
        heading: "From Our Team",
        items: [
          {
            quote:
              "I joined as a support engineer and now lead cloud projects. The learning time every week made that possible.",
            name: "Priya Shah",
            role: "Cloud Consultant",
            company: "",
            photo: { url: "", alt: "" },
          },
          {
            quote:
              "Our clients are people we know by name. Seeing the difference our work makes to them is the best part of the job.",
            name: "Tom Becker",
            role: "Security Engineer",
            company: "",
            photo: { url: "", alt: "" },
          },
        ],
      },
      {
        type: "contact",
        id: "apply",
        heading: "Tell Us About Yourself",
        intro:
          "Send us a short message about your experience and what you would like to work on. We read every one.",
      },
    ],
    seoTitle: "",
    seoDescription:
      "Careers in IT consulting: how our team works, what candidates ask us, and how to apply for a role helping growing businesses.",
    seoImage: "",
    noindex: false,
  },
];
