// The built-in site content: the seed of a new database and the fallback when the database cannot
// be read. Rich text uses only the editor's tags (p, strong, em, s, ul, ol,
// li, a, h2, h3, br).

import { defaultSeoSettings } from "~/platform/seo/seo-settings";
import { defaultBrand, defaultSearchEngines } from "./brand-schema";
import { defaultNavigation } from "./navigation";
import type { SiteContent } from "./schema";

const privacyPolicy = [
  "<h2>Introduction</h2>",
  "<p>This Privacy Policy explains how Clearline IT Consulting (“Clearline”, “we”, “us”) collects, uses and protects personal information when you visit our website, send us a message or subscribe to our newsletter. We collect only what we need to respond to you and run our business, and we never sell personal information.</p>",
  "<h2>Information We Collect</h2>",
  "<p>We collect the information you choose to give us, plus the limited technical data any website needs to operate securely:</p>",
  "<ul>",
  "<li><strong>Contact messages.</strong> When you use our contact form we collect your name, email address and message, and, if you choose to provide them, your phone number and company name.</li>",
  "<li><strong>Newsletter subscriptions.</strong> When you subscribe we store your email address and the date you subscribed.</li>",
  "<li><strong>Administrator sessions.</strong> When a member of our team signs in to manage the website, we store a session record and set a session cookie so they stay signed in securely.</li>",
  "<li><strong>Technical data.</strong> Our servers record basic request information, such as IP address, browser type, the page requested and the time of the request, to keep the website secure, prevent spam and abuse, and troubleshoot problems.</li>",
  "</ul>",
  "<h2>How We Use Your Information</h2>",
  "<ul>",
  "<li>To reply to your enquiries and discuss the services you ask about.</li>",
  "<li>To send our newsletter to people who asked to receive it.</li>",
  "<li>To protect the website and its users, for example by limiting repeated form submissions and failed sign-in attempts.</li>",
  "<li>To meet our legal, accounting and regulatory obligations.</li>",
  "</ul>",
  "<p>We do not use your information for automated decision-making or profiling, and we do not sell, rent or trade it.</p>",
  "<h2>Cookies and Tracking</h2>",
  "<p>We do not use advertising or analytics cookies, and we do not load third-party tracking scripts, social media pixels or similar technologies on this website. The only cookie we set is a strictly necessary session cookie for signed-in administrators; visitors browsing the public pages do not receive it.</p>",
  "<h2>Visitor Statistics</h2>",
  "<p>To learn which pages are read and how visitors find us, our own server counts page views as it answers them. No cookie is set, no script runs in your browser and nothing is shared with a third party. We keep only totals per day: the page, the website you came from (its name only, such as linkedin.com), campaign labels in the link you followed (utm_source, utm_medium, utm_campaign and ref), and the kind of device and browser. To tell visitors apart for one day, we combine your network address and browser type with a random value that is replaced and deleted every day; the result cannot be traced back to you, and your address is never stored. When you send a message or confirm a newsletter subscription, we note which page you arrived on, where you came from and the pages you viewed before, so we know what brought you. Browsers that send a Global Privacy Control signal are not counted. We delete these statistics after 25 months.</p>",
  "<h2>Booking Calendar</h2>",
  "<p>Our booking page embeds an online scheduling calendar operated by an external provider. When you book a consultation, the details you enter, such as your name, email address and preferred time, are collected and processed by that provider under its own privacy policy, and the provider may set its own cookies within the calendar. We receive the booking details so we can prepare for and hold the meeting. If you prefer not to use the calendar, email or call us and we will arrange a time directly.</p>",
  "<h2>Newsletter and How to Unsubscribe</h2>",
  '<p>Our newsletter is sent about once a month and covers practical IT insights, security updates and news about our services. You can unsubscribe at any time using the unsubscribe link included in every newsletter email, or by emailing <a href="mailto:hello@clearlineit.com">hello@clearlineit.com</a>. Once you unsubscribe we stop sending you the newsletter.</p>',
  "<h2>Sharing Your Information</h2>",
  "<p>We share personal information only with service providers that help us run our business, such as our website hosting and email delivery providers, and only to the extent they need it to provide their services to us. These providers are bound by confidentiality and data protection obligations. We may also disclose information where the law requires it or where it is necessary to protect our rights, our clients or the public.</p>",
  "<h2>How Long We Keep Information</h2>",
  "<ul>",
  "<li>Contact messages: up to two years after our last correspondence, unless they lead to a client engagement, in which case they become part of our business records.</li>",
  "<li>Newsletter subscriptions: until you unsubscribe.</li>",
  "<li>Administrator sessions: until the administrator signs out or the session expires.</li>",
  "<li>Server logs: for a short period, normally no longer than 90 days.</li>",
  "</ul>",
  "<h2>Security</h2>",
  "<p>As an IT consulting firm, we take security seriously. Our website uses encrypted connections, access to stored information is restricted to authorized staff, and administrator passwords are stored only in hashed form. No method of transmission or storage is completely secure, but we apply safeguards appropriate to the information we hold.</p>",
  "<h2>Your Rights</h2>",
  "<p>Depending on where you live, you may have the right to access, correct or delete the personal information we hold about you, or to object to how we use it. To make a request, email us and we will respond within 30 days. We will not treat you differently for exercising these rights.</p>",
  "<h2>Children’s Privacy</h2>",
  "<p>Our website and services are intended for businesses and are not directed to children under 13. We do not knowingly collect personal information from children.</p>",
  "<h2>Changes to This Policy</h2>",
  "<p>We may update this policy from time to time. The current version is always available on this page, and we will highlight significant changes on our website.</p>",
  "<h2>Contact Us</h2>",
  '<p>If you have questions about this policy or your personal information, contact Clearline IT Consulting at <a href="mailto:hello@clearlineit.com">hello@clearlineit.com</a>, call <a href="tel:+15125550147">+1 (512) 555-0147</a>, or write to us at 500 W 2nd Street, Suite 1900, Austin, TX 78701.</p>',
].join("");

const termsOfService = [
  "<h2>Agreement to These Terms</h2>",
  "<p>These Terms of Service govern your use of the Clearline IT Consulting website. By accessing or using the website you agree to these terms. If you do not agree, please do not use the website.</p>",
  "<h2>About This Website</h2>",
  "<p>This website provides information about Clearline IT Consulting and our services, articles and case studies, a contact form, a newsletter sign-up and a way to book a free consultation. It is intended for business use by visitors who are at least 18 years old.</p>",
  "<h2>Information, Not Professional Advice</h2>",
  "<p>Articles, case studies and other content on this website are provided for general information only. They are not a substitute for professional advice tailored to your circumstances. Technology, security threats and regulations change quickly, so please seek advice about your specific situation before acting on any content. Case study results reflect the circumstances of individual clients and do not guarantee similar results.</p>",
  "<h2>Consultations and Services</h2>",
  "<p>The free 30-minute consultation is an introductory conversation with no obligation on either side. Any services we provide afterwards are governed by a separate written agreement or statement of work, which takes precedence over these terms for those services. Nothing on this website is an offer capable of acceptance, and using the website does not create a client relationship.</p>",
  "<h2>Booking Through an External Calendar</h2>",
  "<p>Consultations are scheduled through an external online booking service. Your use of that service is subject to the provider’s own terms and privacy policy, and we are not responsible for its availability or operation. We may need to reschedule or decline a booking; if we do, we will let you know as early as possible.</p>",
  "<h2>Acceptable Use</h2>",
  "<p>When using this website you agree not to:</p>",
  "<ul>",
  "<li>use the website in any way that breaks applicable laws or regulations;</li>",
  "<li>submit false, misleading, abusive or unlawful content through our forms;</li>",
  "<li>send advertising or spam through the contact form;</li>",
  "<li>attempt to gain unauthorized access to the website, its administration area, servers or data;</li>",
  "<li>interfere with the website’s operation, including by introducing malicious code or overloading it with automated requests;</li>",
  "<li>copy or scrape website content in bulk by automated means.</li>",
  "</ul>",
  "<p>We may restrict or block access for anyone who breaches these rules.</p>",
  "<h2>Newsletter</h2>",
  "<p>If you subscribe to our newsletter, you agree to receive it by email. You can unsubscribe at any time using the link in any newsletter email or by contacting us.</p>",
  "<h2>Intellectual Property</h2>",
  "<p>The content of this website, including text, graphics, logos and design, is owned by or licensed to Clearline IT Consulting and is protected by copyright and trademark laws. You may view and print pages for your own reference and share links to them. You may not reproduce, republish or distribute our content for commercial purposes without our written permission. Product names mentioned on this website, such as ServiceNow, Microsoft and AWS, are trademarks of their respective owners, and their mention does not imply endorsement.</p>",
  "<h2>Links to Other Websites</h2>",
  "<p>This website may link to websites operated by others, such as our professional profile or vendor documentation. We do not control those websites and are not responsible for their content, policies or availability.</p>",
  "<h2>Disclaimer</h2>",
  "<p>The website is provided “as is” and “as available”. While we work to keep information accurate and the website available, we make no warranties, express or implied, that the content is complete, current or error-free, or that the website will be uninterrupted or free of harmful components.</p>",
  "<h2>Limitation of Liability</h2>",
  "<p>To the fullest extent permitted by law, Clearline IT Consulting will not be liable for any indirect, incidental, special or consequential loss arising from your use of, or inability to use, this website or its content, including loss of data, revenue or business opportunity. Nothing in these terms limits any liability that cannot be limited by law.</p>",
  "<h2>Privacy</h2>",
  '<p>Our <a href="/privacy-policy">Privacy Policy</a> explains what personal information we collect through this website and how we use it.</p>',
  "<h2>Governing Law</h2>",
  "<p>These terms are governed by the laws of the State of Texas. Any dispute arising from them or from your use of the website is subject to the exclusive jurisdiction of the state and federal courts located in Travis County, Texas.</p>",
  "<h2>Changes to These Terms</h2>",
  "<p>We may revise these terms from time to time. The version published on this page applies whenever you use the website, so please check it periodically.</p>",
  "<h2>Contact Us</h2>",
  '<p>Questions about these terms are welcome. Email <a href="mailto:hello@clearlineit.com">hello@clearlineit.com</a>, call <a href="tel:+15125550147">+1 (512) 555-0147</a>, or write to Clearline IT Consulting, 500 W 2nd Street, Suite 1900, Austin, TX 78701.</p>',
].join("");

export const defaultContent: SiteContent = {
  general: {
    companyName: "Clearline IT Consulting",
    tagline: "Practical IT for growing businesses",
    description:
      "<p>Clearline IT Consulting helps small and mid-sized organizations plan, secure and run the technology they depend on. From IT strategy and cloud migrations to managed support and ServiceNow, we bring senior expertise without the overhead of a large firm.</p>",
  },
  hero: {
    subtitle: "Independent IT consulting for small and mid-sized businesses",
    heading1: "<p>Technology That Works</p>",
    heading2: "<p>For the Way You Do Business</p>",
    description:
      "We help growing organizations make confident technology decisions, secure their systems and keep everything running smoothly, so your team can focus on the work that matters.",
    primaryButtonText: "Book a Free Consultation",
    secondaryButtonText: "Explore Our Services",
    consultationHeading: "Free 30-Minute Consultation",
    consultationPoints: [
      "Talk with a senior consultant, not a salesperson",
      "Get practical next steps for your situation",
      "Free of charge, with no obligation",
    ],
    servicesEyebrow: "What We Do",
    servicesLinkText: "View All Services",
    aboutLinkText: "More About Us",
    approachEyebrow: "Our Approach",
    approachHeading: "How We Work",
    badges: [
      { value: "15+", label: "Years Experience" },
      { value: "100+", label: "Projects Completed" },
      { value: "24/7", label: "Support" },
    ],
    alternativeBadges: [
      { value: "10+", label: "Years Experience" },
      { value: "50+", label: "Projects Completed" },
      { value: "100%", label: "Client Satisfaction" },
    ],
    alternativeBadgesHeading: "Our Track Record",
    consultationSubheading: "With a senior IT consultant",
    consultationServicesHeading: "What we help with",
  },
  about: {
    eyebrow: "About Us",
    heading: "About Clearline IT Consulting",
    description:
      "A team of senior IT consultants who combine enterprise experience with the responsiveness and personal attention of a small firm.",
    title: "Your Partner for Practical, Reliable IT",
    content:
      "<p>Clearline IT Consulting works with businesses that have outgrown ad-hoc IT but do not need, or want, the cost of a large consultancy. We take the time to understand how your organization operates, then recommend and deliver the technology that fits: secure, well documented and easy to support.</p><p>Our clients include credit unions, healthcare practices, manufacturers and professional services firms. Whether you need a one-off project, a trusted advisor or a team to run your IT day to day, you work directly with experienced consultants who stay with you from the first conversation to the final handover.</p>",
    features: [
      {
        title: "Senior Consultants Only",
        description:
          "Every engagement is led and delivered by consultants with more than a decade of hands-on experience.",
      },
      {
        title: "Vendor-Neutral Advice",
        description:
          "We are not tied to any reseller quotas, so our recommendations are based solely on what is right for your business.",
      },
      {
        title: "Clear, Predictable Pricing",
        description:
          "Fixed-scope proposals and transparent monthly fees mean you always know what you are paying for.",
      },
      {
        title: "Long-Term Partnership",
        description:
          "We measure success by lasting results, and many of our clients have worked with us for years.",
      },
    ],
    storyHeading: "Our Story",
    story:
      "<p>Clearline IT Consulting was founded in Austin, Texas, by a small group of consultants who had spent more than fifteen years leading technology programs for banks, hospitals and manufacturers. Time and again they saw smaller organizations struggle with the same problems: systems that had grown without a plan, security that depended on luck, and advisors who sold products rather than solutions.</p><p>We started Clearline to offer a better option: senior, independent expertise at a scale and price that make sense for growing businesses. Our name reflects how we work. We give clear advice in plain language, draw a clear line from every recommendation to a business outcome, and keep our clients informed at every step.</p><p>Today we support organizations across Texas and beyond with IT strategy, network security, cloud, managed services, process optimization and ServiceNow. Our team has grown, but our approach has not changed: listen first, recommend honestly and deliver what we promise.</p>",
    values: [
      {
        title: "Excellence",
        description:
          "We hold our work to a high standard, from the architecture we design to the documentation we leave behind.",
      },
      {
        title: "Client-Focused",
        description:
          "Your goals shape every recommendation. We listen carefully, communicate openly and treat your business as if it were our own.",
      },
      {
        title: "Innovation",
        description:
          "We keep pace with new technology and adopt it when it delivers real value, not because it is fashionable.",
      },
      {
        title: "Reliability",
        description:
          "We do what we say, when we say we will. Our clients count on us to keep their systems, and their commitments, on track.",
      },
    ],
    approach: [
      {
        title: "Assessment",
        description:
          "We start by understanding your business, your current technology and the challenges that matter most to you.",
      },
      {
        title: "Collaboration",
        description:
          "We work alongside your team to shape a plan with clear priorities, realistic budgets and agreed outcomes.",
      },
      {
        title: "Implementation",
        description:
          "Our consultants deliver the work with careful planning, minimal disruption and regular progress updates.",
      },
      {
        title: "Optimization",
        description:
          "After go-live we measure results, fine-tune and look for the next improvement so the value keeps growing.",
      },
    ],
    valuesEyebrow: "What Drives Us",
    valuesHeading: "Our Core Values",
    approachEyebrow: "How We Work",
    approachHeading: "Our Approach",
    approachDescription:
      "Every engagement follows the same proven path, so you always know what happens next.",
  },
  services: {
    eyebrow: "Services",
    heading: "Our Services",
    description:
      "End-to-end IT services for small and mid-sized businesses, from strategy and security to day-to-day support and ServiceNow expertise.",
    items: [
      {
        title: "IT Strategy & Consulting",
        icon: "computer",
        seoDescription: "",
        description:
          "<p>Align your technology with your business goals. We assess your current environment, build a practical roadmap and help you invest where it makes the biggest difference.</p>",
        benefits: [
          "A clear technology roadmap tied to business objectives",
          "Smarter IT budgeting with prioritized investments",
          "Reduced risk from outdated or unsupported systems",
          "Vendor-neutral advice on software and service providers",
          "Stronger alignment between IT and business leadership",
          "Measurable goals to track progress over time",
        ],
        longDescription:
          "Good technology decisions start with a clear picture of where your business is heading. Our consultants review your systems, processes and spending, then work with your leadership team to build a prioritized roadmap that balances ambition with budget. We stay involved as an advisor so the plan turns into results rather than a document on a shelf.",
        approach: [
          {
            title: "Discovery",
            description:
              "We interview stakeholders, inventory your systems and review current spending to understand how technology supports the business today.",
          },
          {
            title: "Assessment",
            description:
              "We identify gaps, risks and opportunities, benchmarking your environment against industry practice and your own goals.",
          },
          {
            title: "Roadmap",
            description:
              "We deliver a prioritized 12- to 36-month plan with budgets, timelines and quick wins your team can act on immediately.",
          },
          {
            title: "Ongoing Advisory",
            description:
              "We meet regularly to review progress, adjust priorities and guide major decisions as your business evolves.",
          },
        ],
        capabilities: [
          "IT assessments and technology audits",
          "Multi-year technology roadmaps",
          "IT budgeting and cost optimization",
          "Vendor selection and contract review",
          "Virtual CIO and fractional IT leadership",
          "Risk and compliance readiness reviews",
          "Business continuity and disaster recovery planning",
          "IT due diligence for mergers and acquisitions",
        ],
        useCases: [
          {
            title: "Scaling a Growing Business",
            description:
              "Build IT foundations that support new offices, new hires and new services without constant firefighting.",
          },
          {
            title: "Modernizing Legacy Systems",
            description:
              "Plan the replacement of aging applications and infrastructure with minimal disruption to daily operations.",
          },
          {
            title: "Preparing for an Audit",
            description:
              "Understand your compliance position and close the gaps before regulators, insurers or customers ask.",
          },
          {
            title: "Leadership Without a Full-Time CIO",
            description:
              "Get executive-level technology guidance on a part-time basis that fits a smaller organization's budget.",
          },
        ],
      },
      {
        title: "Network & Security Solutions",
        icon: "shield",
        seoDescription: "",
        description:
          "<p>Protect your business with secure, reliable networks. We design, harden and monitor your infrastructure to keep threats out and your data, people and operations safe.</p>",
        benefits: [
          "Reduced exposure to ransomware, phishing and data breaches",
          "Fast, reliable connectivity across every location",
          "Visibility into who and what is on your network",
          "Faster detection of and response to security incidents",
          "Support for HIPAA, PCI DSS and cyber insurance requirements",
          "A security-aware team that recognizes threats",
        ],
        longDescription:
          "Your network is the backbone of every business process, and it is also the first place attackers look. We design and secure networks that are fast, resilient and easy to manage, combining proven technologies with layered defenses. From firewalls and segmentation to endpoint protection and staff training, we reduce your risk without getting in the way of productive work.",
        approach: [
          {
            title: "Security Assessment",
            description:
              "We review your network architecture, configurations and policies, and run vulnerability scans to establish a clear baseline of risk.",
          },
          {
            title: "Design",
            description:
              "We design a layered architecture with segmentation, secure remote access and the right controls for your size and industry.",
          },
          {
            title: "Implementation",
            description:
              "Our engineers deploy and configure firewalls, switching, wireless and endpoint protection with careful change planning to avoid downtime.",
          },
          {
            title: "Monitoring & Improvement",
            description:
              "We monitor continuously, respond to alerts and review controls regularly as threats and your business change.",
          },
        ],
        capabilities: [
          "Network design and segmentation",
          "Next-generation firewall deployment and management",
          "Secure remote access and VPN",
          "Endpoint detection and response",
          "Vulnerability scanning and penetration test coordination",
          "Multi-factor authentication and identity security",
          "Security awareness training and phishing simulation",
          "Incident response planning and support",
        ],
        useCases: [
          {
            title: "Securing a Hybrid Workforce",
            description:
              "Give remote and office staff secure access to the applications they need, from any location and any device.",
          },
          {
            title: "Meeting Compliance Requirements",
            description:
              "Implement and document the technical safeguards required by HIPAA, PCI DSS or your cyber insurance carrier.",
          },
          {
            title: "Connecting Multiple Sites",
            description:
              "Link branch offices, warehouses and clinics with reliable, centrally managed networking.",
          },
          {
            title: "Recovering From an Incident",
            description:
              "Contain a security incident, restore operations and strengthen defenses so it does not happen again.",
          },
        ],
      },
      {
        title: "Cloud & Infrastructure",
        icon: "cloud",
        seoDescription: "",
        description:
          "<p>Move to the cloud with confidence. We plan and carry out migrations to Microsoft Azure, AWS and Microsoft 365, and build infrastructure that scales securely as you grow.</p>",
        benefits: [
          "Lower infrastructure and maintenance costs",
          "Capacity that scales with business demand",
          "Secure access to systems from anywhere",
          "Built-in backup and disaster recovery",
          "Less time spent maintaining aging hardware",
          "Predictable monthly spending with cost governance",
        ],
        longDescription:
          "The cloud can lower costs and increase flexibility, but only when it is planned well. We help you decide which workloads belong in the cloud, which should stay on premises, and how to move them safely. Our engineers build secure, well-governed environments in Microsoft Azure, AWS and Microsoft 365, and we keep an eye on spending so there are no surprises on your monthly bill.",
        approach: [
          {
            title: "Readiness Assessment",
            description:
              "We inventory your applications and infrastructure, map dependencies and identify the best hosting option for each workload.",
          },
          {
            title: "Architecture & Planning",
            description:
              "We design a secure cloud foundation, plan the migration sequence and agree a cutover schedule that protects business continuity.",
          },
          {
            title: "Migration",
            description:
              "We move data, applications and users in carefully tested waves, with a rollback plan at every step.",
          },
          {
            title: "Optimization",
            description:
              "After go-live we tune performance, right-size resources and put cost controls and monitoring in place.",
          },
        ],
        capabilities: [
          "Cloud readiness assessments",
          "Microsoft Azure and AWS architecture",
          "Microsoft 365 and Google Workspace migrations",
          "Server virtualization and consolidation",
          "Hybrid cloud and on-premises integration",
          "Backup, replication and disaster recovery",
          "Infrastructure as code and automation",
          "Cloud cost management and optimization",
        ],
        useCases: [
          {
            title: "Retiring an Aging Server Room",
            description:
              "Replace end-of-life servers with cloud services that cost less to run and never need a hardware refresh.",
          },
          {
            title: "Moving Email and Files to Microsoft 365",
            description:
              "Migrate mailboxes, shared drives and permissions with no lost data and minimal disruption for staff.",
          },
          {
            title: "Building Business Continuity",
            description:
              "Protect critical systems with off-site backups and a tested recovery plan that gets you running within hours.",
          },
          {
            title: "Supporting Rapid Growth",
            description:
              "Add users, locations and applications quickly without waiting for new hardware to arrive.",
          },
        ],
      },
      {
        title: "Managed IT Services",
        icon: "settings",
        seoDescription: "",
        description:
          "<p>Proactive, dependable support for your systems and your people. We monitor, maintain and support your IT for a predictable monthly fee, so issues are fixed before they slow you down.</p>",
        benefits: [
          "Predictable monthly IT costs",
          "Proactive monitoring that catches issues early",
          "Responsive help desk support for every employee",
          "Systems kept patched, backed up and up to date",
          "Access to a full team of specialists",
          "More time for your staff to focus on their work",
        ],
        longDescription:
          "Managed IT Services give you a dedicated team that looks after your technology every day. We monitor your systems around the clock, keep them patched and backed up, and provide friendly, knowledgeable help desk support when your staff need it. Regular reviews keep your environment aligned with your plans, and a single monthly fee keeps your budget predictable.",
        approach: [
          {
            title: "Onboarding",
            description:
              "We document your environment, deploy monitoring tools and agree support procedures, priorities and escalation contacts.",
          },
          {
            title: "Stabilization",
            description:
              "We resolve outstanding issues, apply missing updates and bring every system up to a consistent, supportable standard.",
          },
          {
            title: "Proactive Management",
            description:
              "We monitor, patch and maintain your systems continuously, resolving most problems before users ever notice them.",
          },
          {
            title: "Quarterly Reviews",
            description:
              "We review service levels, risks and upcoming needs with you, and plan improvements for the quarter ahead.",
          },
        ],
        capabilities: [
          "Help desk support by phone, email and portal",
          "24/7 monitoring and alerting",
          "Patch and update management",
          "Backup monitoring and restore testing",
          "Device setup, onboarding and offboarding",
          "Microsoft 365 administration",
          "Asset and license management",
          "On-site support when needed",
        ],
        useCases: [
          {
            title: "Supporting a Small In-House Team",
            description:
              "Give your internal IT staff backup, specialist skills and after-hours coverage when they need it.",
          },
          {
            title: "Outsourcing IT Entirely",
            description:
              "Hand day-to-day IT to a team that knows your business, with a single point of contact for everything.",
          },
          {
            title: "Onboarding New Employees Quickly",
            description:
              "Have accounts, devices and access ready on day one, and removed promptly when people leave.",
          },
          {
            title: "Keeping Remote Staff Productive",
            description:
              "Support employees wherever they work, with secure devices and fast help when something goes wrong.",
          },
        ],
      },
      {
        title: "Process Optimization",
        icon: "chart",
        seoDescription: "",
        description:
          "<p>Streamline the way work gets done. We map your business processes, remove bottlenecks and automate repetitive tasks to cut errors, save time and serve customers better.</p>",
        benefits: [
          "Faster turnaround on everyday business processes",
          "Fewer manual errors and less rework",
          "Lower operating costs through automation",
          "Clear visibility into process performance",
          "Better use of the tools you already own",
          "Employees freed from repetitive tasks",
        ],
        longDescription:
          "Many organizations lose hours every week to manual handoffs, duplicate data entry and approvals that sit in inboxes. We work with your teams to map how work really flows, find the bottlenecks and redesign processes around your goals. Where it makes sense, we automate with the platforms you already use, and we measure the results so improvements are visible and lasting.",
        approach: [
          {
            title: "Process Discovery",
            description:
              "We observe and interview the people who do the work, mapping each process step by step as it actually happens today.",
          },
          {
            title: "Analysis & Design",
            description:
              "We quantify delays, errors and costs, then design a simpler future-state process with your team.",
          },
          {
            title: "Automation & Implementation",
            description:
              "We automate repetitive steps, integrate systems and roll out the new process with training and clear documentation.",
          },
          {
            title: "Measure & Refine",
            description:
              "We track agreed metrics after launch and refine the process until the expected improvements are delivered.",
          },
        ],
        capabilities: [
          "Process mapping and documentation",
          "Workflow analysis and bottleneck identification",
          "Workflow automation with Microsoft Power Automate",
          "Systems integration and data flow design",
          "Digital forms and approval workflows",
          "KPI definition and performance dashboards",
          "Change management and staff training",
          "Standard operating procedure development",
        ],
        useCases: [
          {
            title: "Automating Approvals",
            description:
              "Replace email and paper approvals for purchases, expenses and time off with tracked, automated workflows.",
          },
          {
            title: "Accelerating Client Onboarding",
            description:
              "Cut the time from signed contract to active client by removing manual steps and duplicate paperwork.",
          },
          {
            title: "Eliminating Duplicate Data Entry",
            description:
              "Connect systems so information entered once flows automatically to everywhere it is needed.",
          },
          {
            title: "Scaling Without Adding Headcount",
            description:
              "Handle growing volumes of work with the same team by streamlining and automating core processes.",
          },
        ],
      },
      {
        title: "ServiceNow Administration",
        icon: "zap",
        seoDescription: "",
        description:
          "<p>Keep your ServiceNow platform healthy, secure and aligned with how your teams work. Our certified administrators handle configuration, upgrades and day-to-day platform support.</p>",
        benefits: [
          "A stable, well-maintained ServiceNow instance",
          "Smooth, tested upgrades with minimal disruption",
          "Faster turnaround on configuration requests",
          "Cleaner data and more reliable reporting",
          "Access controls that protect sensitive information",
          "Certified expertise without a full-time hire",
        ],
        longDescription:
          "ServiceNow delivers the most value when it is well maintained and kept in step with your processes. Our certified administrators take care of the platform day to day, from users and catalog items to workflows, reports and upgrades. We follow ServiceNow best practices, keep customization to a minimum and document every change, so your instance stays fast, secure and easy to upgrade.",
        approach: [
          {
            title: "Instance Health Check",
            description:
              "We review configuration, customizations, performance and data quality to identify risks and quick improvements.",
          },
          {
            title: "Backlog & Priorities",
            description:
              "We consolidate outstanding requests and agree priorities with your process owners and stakeholders.",
          },
          {
            title: "Ongoing Administration",
            description:
              "We handle day-to-day administration and configuration requests against agreed service levels, with full change control.",
          },
          {
            title: "Upgrade & Release Management",
            description:
              "We plan, test and carry out family release upgrades and patches so you stay current without surprises.",
          },
        ],
        capabilities: [
          "User, group and role administration",
          "Service catalog and form configuration",
          "Workflow and Flow Designer maintenance",
          "Family release upgrades and regression testing",
          "Reports, dashboards and Performance Analytics",
          "CMDB health and data quality management",
          "Access control and security configuration",
          "Platform performance monitoring and tuning",
        ],
        useCases: [
          {
            title: "Supporting a Lean Platform Team",
            description:
              "Add certified administration capacity to a small internal team without the cost of another full-time hire.",
          },
          {
            title: "Preparing for a Major Upgrade",
            description:
              "Assess upgrade impact, remediate conflicts and test thoroughly before moving to the latest release.",
          },
          {
            title: "Cleaning Up an Over-Customized Instance",
            description:
              "Reduce technical debt by returning unnecessary customizations to out-of-the-box functionality.",
          },
          {
            title: "Improving Service Desk Reporting",
            description:
              "Give managers accurate dashboards on ticket volumes, response times and service level performance.",
          },
        ],
      },
      {
        title: "ServiceNow Development",
        icon: "code",
        seoDescription: "",
        description:
          "<p>Extend ServiceNow to fit your business. We build custom applications, integrations and automated workflows that follow platform best practices and stay easy to maintain and upgrade.</p>",
        benefits: [
          "Applications tailored to your exact processes",
          "Integrations that connect ServiceNow with your other systems",
          "Automation that removes manual handoffs",
          "Upgrade-safe development that follows best practices",
          "Better self-service for employees and customers",
          "Faster delivery through short, iterative releases",
        ],
        longDescription:
          "When out-of-the-box features are not enough, our developers extend ServiceNow to match the way your organization works. We build scoped applications, integrations with ERP, HR and identity systems, and self-service portals that employees actually enjoy using. Every solution is designed for maintainability and upgrade safety, tested with automated tests and handed over with clear documentation.",
        approach: [
          {
            title: "Requirements & Design",
            description:
              "We work with stakeholders to define user stories and acceptance criteria, and design a solution that favors configuration over code.",
          },
          {
            title: "Agile Development",
            description:
              "We build in short sprints with regular demonstrations, so you see progress early and can adjust priorities as you go.",
          },
          {
            title: "Testing & Quality Assurance",
            description:
              "We test every feature with the Automated Test Framework and user acceptance testing before it reaches production.",
          },
          {
            title: "Deployment & Handover",
            description:
              "We deploy through controlled update sets or application repositories and provide documentation and knowledge transfer.",
          },
        ],
        capabilities: [
          "Custom scoped application development",
          "REST and SOAP integrations with IntegrationHub",
          "Flow Designer and workflow automation",
          "Service Portal and Employee Center customization",
          "Client-side and server-side scripting",
          "ITSM, HR Service Delivery and CSM configuration",
          "Automated Test Framework test suites",
          "Technical documentation and knowledge transfer",
        ],
        useCases: [
          {
            title: "Automating Employee Onboarding",
            description:
              "Coordinate HR, IT and facilities tasks in a single workflow so new hires are ready to work on day one.",
          },
          {
            title: "Integrating With ERP and HR Systems",
            description:
              "Synchronize data between ServiceNow and platforms such as Workday, SAP or Microsoft Dynamics.",
          },
          {
            title: "Building a Custom Request Portal",
            description:
              "Give employees or customers a simple, branded portal for requests, knowledge and status updates.",
          },
          {
            title: "Replacing Spreadsheets and Email",
            description:
              "Turn spreadsheet and email-based processes into tracked, auditable ServiceNow applications.",
          },
        ],
      },
    ],
    whyChoose: [
      {
        title: "Senior Expertise",
        description:
          "Every engagement is led by experienced consultants, not junior staff learning on your project.",
      },
      {
        title: "Vendor-Neutral Advice",
        description:
          "We recommend what is right for your business, never what earns us a commission.",
      },
      {
        title: "Transparent Pricing",
        description:
          "Fixed-scope proposals and clear monthly fees, with no surprise invoices at the end of the month.",
      },
      {
        title: "Proven Results",
        description:
          "A track record of measurable improvements for clients in finance, healthcare, manufacturing and professional services.",
      },
    ],
    customHeading: "Need Custom IT Solutions?",
    customDescription:
      "Every business is different. If you don't see exactly what you need, tell us about your challenge and we'll put together a solution that fits your goals, your team and your budget.",
    relatedHeading: "Related Services",
    detailCtaHeading: "Ready to Talk About {service}?",
    detailCtaDescription:
      "Book a free 30-minute consultation with a senior consultant. We will look at where you are today and outline practical next steps, with no obligation.",
    benefitsHeading: "Key Benefits",
    approachIntro: "How we deliver {service}, step by step:",
    capabilitiesIntro: "What our consultants bring to {service}:",
    useCasesIntro: "Situations where clients bring us in for {service}:",
  },
  caseStudies: {
    eyebrow: "Client results",
    heading: "Case Studies",
    description: "Real solutions for real business challenges",
    items: [
      {
        title: "Securing Patient Data Across a Multi-Site Clinic Group",
        description:
          "We rebuilt the network and introduced HIPAA-aligned security controls across five clinics, giving staff fast, secure access to patient records from every location.",
        industry: "Healthcare",
      },
      {
        title: "Moving a Precision Manufacturer to the Cloud",
        description:
          "By migrating aging on-premises servers to Microsoft Azure, a regional manufacturer achieved 40% lower maintenance costs and eliminated unplanned downtime on production systems.",
        industry: "Manufacturing",
      },
      {
        title: "Modernizing IT for a Growing Law Firm",
        description:
          "We moved a 60-person law firm to Microsoft 365 with secure document management and managed support, cutting help desk tickets in half within six months.",
        industry: "Legal",
      },
    ],
    listCtaHeading: "Ready to Write Your Own Success Story?",
    listCtaDescription:
      "Tell us about the challenge you are facing. In a free 30-minute consultation we will share how we would approach it, with no obligation.",
    detailCtaHeading: "Facing a Similar Challenge?",
    detailCtaDescription:
      "Book a free 30-minute consultation to talk it through with a senior consultant, or send us a message and we will get back to you within one business day.",
    challengeLabel: "Challenge",
    approachLabel: "Approach",
    resultsLabel: "Results",
    readMoreText: "Read the full case study",
    clientLabel: "Client:",
    backLinkText: "All case studies",
    moreHeading: "More Case Studies",
    highlightsHeading: "Results at a Glance",
  },
  blog: {
    eyebrow: "Insights",
    heading: "IT Insights & Resources",
    description:
      "Practical guidance on cybersecurity, cloud, AI and technology strategy from the Clearline team.",
    searchPlaceholder: "Search articles...",
    latestHeading: "Latest Articles",
    loadMoreText: "Load More Articles",
    emptyHeading: "No articles found",
    emptyText: "Try adjusting your search or filter criteria",
    resetText: "Reset Filters",
    featuredHeading: "Featured Resources",
    featuredDescription:
      "Hand-picked reading from our consultants to help you plan, secure and improve your IT.",
    articleCtaHeading: "Put These Ideas to Work",
    articleCtaDescription:
      "Talk to a senior consultant about your situation in a free 30-minute consultation, or send us a message and we will get back to you within one business day.",
    relatedHeading: "More Insights",
    relatedLinkText: "View all articles",
    readMoreText: "Read More",
    backLinkText: "All articles",
    countText: "Showing {shown} of {total} articles",
    countOneText: "Showing {shown} of {total} article",
    noMatchText: "No matching articles",
    featuredTabs: [
      {
        label: "Guides & Tutorials",
        items: [
          "/blog/cybersecurity-essentials-for-small-businesses",
          "/blog/practical-guide-to-adopting-ai",
        ],
      },
      {
        label: "Success Stories",
        items: [
          "/case-studies/regional-credit-union-loan-automation",
          "/case-studies/multi-site-clinic-network-security",
        ],
      },
      {
        label: "Industry Insights",
        items: [
          "/blog/digital-transformation-where-to-start",
          "/case-studies/precision-manufacturer-cloud-migration",
        ],
      },
    ],
    featuredViewAllText: "View All",
  },
  contact: {
    eyebrow: "Contact",
    heading: "Get in Touch",
    description:
      "Have a question or a project in mind? Send us a message and one of our consultants will get back to you within one business day.",
    address: "500 W 2nd Street, Suite 1900, Austin, TX 78701",
    phone: "+1 (512) 555-0147",
    email: "hello@clearlineit.com",
    formHeading: "Send Us a Message",
    formSubmitText: "Send Message",
    hours: [
      { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
      { days: "Saturday", hours: "By appointment" },
      { days: "Sunday", hours: "Closed" },
    ],
    detailsHeading: "Get in Touch",
    hoursHeading: "Business Hours",
    talkHeading: "Prefer to talk it through?",
    talkText: "Book a free 30-minute consultation with one of our consultants.",
    talkButtonText: "Book a Consultation",
    emailLabel: "Email",
    phoneLabel: "Phone",
    addressLabel: "Address",
    profileLabel: "Professional profile",
  },
  cta: {
    heading: "Ready to Make Technology Work for Your Business?",
    description:
      "Book a free 30-minute consultation with a senior consultant. We will talk through your challenges and outline practical next steps, with no obligation.",
    buttonText: "Book a Free Consultation",
    newsletterHeading: "Stay Informed",
    newsletterDescription:
      "Practical IT insights, security alerts and best practices, delivered to your inbox once a month.",
    contactButtonText: "Contact Us",
    callHeading: "Prefer to talk right away?",
  },
  booking: {
    heading: "Book Your Free Consultation",
    description:
      "Schedule a free 30-minute consultation with one of our senior consultants. Choose a time that suits you, and we will discuss your goals, your challenges and how we can help.",
    url: "https://calendly.com/clearline-it/30min",
    detailsNote:
      '<p>When the booking calendar opens, please enter your contact details manually in the <strong>"Add your details"</strong> section so we can confirm your consultation.</p>',
    eyebrow: "Free 30-Minute Consultation",
    questionsHeading: "Have Questions Before You Book?",
    questionsText:
      "Talk to us directly. We are happy to help you decide whether a consultation is right for you.",
    tiles: [
      {
        title: "30-Minute Session",
        description:
          "A focused, free video or phone call at a time that suits you, with no obligation.",
      },
      {
        title: "Expert Guidance",
        description:
          "Speak directly with a senior consultant who has solved problems like yours before.",
      },
      {
        title: "Next Steps",
        description:
          "Leave with clear, practical recommendations, whether or not we end up working together.",
      },
    ],
    servicesIntro:
      "Not sure which service fits? Every consultation starts with your goals, so you can bring any of these topics to the call.",
    servicesButtonText: "Book Your Consultation",
    formatHeading: "Consultation Format",
    formatItems: [
      "A 30-minute video call on Microsoft Teams or Zoom, or a phone call if you prefer",
      "One-to-one with a senior consultant, not a salesperson",
      "Completely free, with no obligation to continue",
      "A short email afterwards summarizing what we discussed",
    ],
    topicsHeading: "Discussion Topics",
    topicsItems: [
      "Your business goals and how technology supports them today",
      "The challenges, risks or projects at the top of your list",
      "Quick wins and longer-term options we see",
      "How we could help, and what that would typically involve",
    ],
    prepareHeading: "How to Prepare",
    prepareItems: [
      "Note the two or three issues you most want to solve",
      "Have a rough idea of your team size and key systems",
      "Mention any deadlines, budgets or compliance requirements",
      "Invite a colleague who should be part of the conversation",
    ],
    scheduleButtonText: "Schedule Your Session",
    calendarLoadingHeading: "Loading the booking calendar...",
    calendarLoadingText:
      "This usually takes a few seconds. Available times appear here as soon as the calendar is ready.",
    calendarFallbackText: "Calendar not showing? You can also book on the calendar's own page.",
    calendarLinkText: "Open the calendar in a new tab",
    bookTabLabel: "Book Now",
    servicesTabLabel: "Our Services",
    expectTabLabel: "What to Expect",
  },
  footer: {
    description:
      "Clearline IT Consulting provides strategy, security, cloud and managed IT services that help small and mid-sized businesses grow with confidence.",
    copyright: "© 2023 Clearline IT Consulting. All rights reserved.",
    quickLinksHeading: "Quick Links",
    servicesHeading: "Services",
    viewAllServicesText: "View All Services",
  },
  forms: {
    contactNameLabel: "Name",
    contactEmailLabel: "Email",
    contactPhoneLabel: "Phone",
    contactCompanyLabel: "Company",
    contactMessageLabel: "Message",
    contactPrivacyNote:
      '<p>We use your details only to reply to you. See our <a href="/privacy-policy">Privacy Policy</a>.</p>',
    contactSendingText: "Sending...",
    newsletterEmailLabel: "Email address",
    newsletterPlaceholder: "Enter your email",
    newsletterButtonText: "Subscribe",
    newsletterSendingText: "Subscribing...",
    newsletterNote:
      "By subscribing, you agree to receive our newsletter emails. You can unsubscribe at any time.",
    newsletterPageLabel: "Newsletter",
    homeLinkText: "Back to the home page",
    newsletterBackText: "Back to the page you were reading",
    unsubscribeHeading: "Unsubscribe from our newsletter",
    unsubscribeText: "Confirm that {email} should no longer receive our newsletter.",
    unsubscribeButtonText: "Unsubscribe",
    unsubscribeSendingText: "Unsubscribing...",
    unsubscribeKeepText: "Keep my subscription and go to the home page",
    unsubscribedHeading: "You have been unsubscribed",
    unsubscribedText:
      "{email} will no longer receive our newsletter. If this was a mistake, you can subscribe again at any time from the bottom of any page.",
    unsubscribeInvalidHeading: "This unsubscribe link is not valid",
    unsubscribeInvalidText:
      "It may have been used already, or copied only in part. If you still receive our newsletter, email us at {email} and we will remove you.",
    newsletterCheckInboxText:
      "Please check your inbox: click the link in the email we just sent to confirm your subscription.",
    confirmEmailSubject: "Please confirm your subscription to the {company} newsletter",
    confirmEmailText:
      "Someone, hopefully you, asked for {email} to receive our newsletter. To confirm, open the link below. If it was not you, ignore this email: you will not hear from us again.",
    confirmHeading: "Confirm your subscription",
    confirmText: "Confirm that {email} should receive our newsletter.",
    confirmButtonText: "Confirm my subscription",
    confirmSendingText: "Confirming...",
    confirmedHeading: "You're subscribed",
    confirmedText:
      "Thank you: {email} will receive our newsletter. Every issue has a link to unsubscribe.",
    confirmInvalidHeading: "This confirmation link is not valid",
    confirmInvalidText:
      "It may have expired (links work for 7 days) or been copied only in part. Sign up again at the bottom of any page and we will send you a new link, or email us at {email}.",
    topicsQuestion: "What would you like to hear about?",
    topicsHint:
      "Issues for every subscriber still reach you. Untick what you do not want to hear about.",
    topicsButtonText: "Save my topics",
    topicsSavingText: "Saving...",
    topicsHeading: "Your newsletter topics",
    topicsText: "Choose what our newsletter sends to {email}.",
    topicsLegend: "Topics you hear about",
    topicsLeaveHeading: "No longer interested?",
    topicsUnsubscribeText: "Unsubscribe from every issue",
    topicsInvalidHeading: "This link is not valid",
    topicsInvalidText:
      "It may have been copied only in part, or you have unsubscribed. If you still receive our newsletter, email us at {email}.",
  },
  notFound: {
    heading: "404 Page Not Found",
    description: "The page you are looking for does not exist or has moved.",
    hint: "Did you forget to add the page to the router? Every page is listed in app/routes.ts.",
    homeButtonText: "Back to Home",
    contactButtonText: "Contact Us",
  },
  legal: {
    privacyPolicy,
    termsOfService,
    eyebrow: "Legal",
    privacyIntro: "How {company} collects, uses and protects your personal information.",
    termsIntro: "The terms that apply when you use the {company} website.",
    questionsText: "Questions about this page?",
    contactLinkText: "Contact us",
    sitemapHeading: "Sitemap",
    sitemapDescription:
      "Every page of our website in one place: our services, case studies, articles and more.",
  },
  extraBlocks: { home: [], about: [] },
  seo: {
    home: defaultSeoSettings,
    services: defaultSeoSettings,
    about: defaultSeoSettings,
    caseStudies: defaultSeoSettings,
    blog: defaultSeoSettings,
    contact: defaultSeoSettings,
    booking: defaultSeoSettings,
    privacyPolicy: defaultSeoSettings,
    termsOfService: defaultSeoSettings,
    sitemap: defaultSeoSettings,
  },
  brand: defaultBrand,
  searchEngines: defaultSearchEngines,
  navigation: defaultNavigation,
};
