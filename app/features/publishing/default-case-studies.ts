// The three built-in case studies: the seed rows of a new database and the
// fallback when it cannot be read. Images are self-hosted under public/images/case-studies/.
import type { CaseStudy } from "./schema";

export const defaultCaseStudies: CaseStudy[] = [
  {
    id: "regional-credit-union-loan-automation",
    seoDescription: "",
    title: "Automating Loan Processing for a Regional Credit Union",
    description:
      "We redesigned and automated the consumer loan process for a growing credit union, cutting decision times from days to hours while strengthening compliance.",
    industry: "Financial Services",
    imageUrl: "/images/case-studies/regional-credit-union-loan-automation.svg",
    imageAlt:
      "Abstract illustration of connected process steps leading to a checkmark above a rising bar chart, in navy, blue and teal",
    client: "A regional credit union with 14 branches",
    challenge:
      "Loan applications arrived through the website, branches and phone, and were re-keyed by hand into three separate systems. Approvals depended on emails and paper files moving between branches and the central lending team, so members waited up to five business days for a decision, and data entry errors regularly caused rework and compliance findings.",
    approach: [
      "Mapped the end-to-end loan journey with lenders, underwriters and branch staff",
      "Integrated the online application with the core banking and loan origination systems",
      "Automated document collection, credit checks and approval routing",
      "Built real-time dashboards for pipeline volumes and turnaround times",
    ],
    results: [
      { value: "65%", label: "Faster processing" },
      { value: "40%", label: "Cost reduction" },
      { value: "+35%", label: "Customer satisfaction" },
      { value: "80%", label: "Fewer errors" },
    ],
    testimonial: {
      quote:
        "Clearline took the time to understand how our lenders actually work. Members now get answers the same day, and our team spends its time advising people instead of retyping forms.",
      name: "Sarah Mitchell",
      initials: "SM",
      role: "Chief Operating Officer",
      company: "Lakeside Community Credit Union",
    },
    body: [
      "<h2>Background</h2>",
      "<p>The credit union serves more than 60,000 members across 14 branches and had grown its consumer lending portfolio steadily for a decade. Its processes, however, had not kept pace. Applications came in through three channels and were keyed by hand into the core banking platform, the loan origination system and a shared spreadsheet used to track approvals.</p>",
      "<p>Members waited up to five business days for a decision on a simple auto loan, and competitors with online-only offers were winning business as a result. Internal audits had also flagged inconsistent documentation, most of it caused by manual re-entry.</p>",
      "<h2>What we did</h2>",
      "<p>We started with two weeks of process discovery, sitting with lenders, underwriters and branch staff to map every step of the loan journey as it really happened. That exercise uncovered 23 manual handoffs, seven of which added no value at all.</p>",
      "<p>Working with the lending team, we designed a simpler future-state process and delivered it in three phases:</p>",
      "<ul>",
      "<li><strong>Integration:</strong> applications from every channel now flow automatically into the loan origination system, which synchronizes with the core banking platform.</li>",
      "<li><strong>Automation:</strong> document requests, credit bureau checks and approval routing run automatically, with clear rules for when a loan needs a human underwriter.</li>",
      "<li><strong>Visibility:</strong> managers have live dashboards showing pipeline volumes, turnaround times and exceptions by branch.</li>",
      "</ul>",
      "<p>Each phase went live with training sessions and updated procedures, and we ran the old and new processes side by side for a short period to build confidence.</p>",
      "<h2>Outcome</h2>",
      "<p>Within four months of the final phase, average decision time fell by 65%, with most straightforward applications approved the same day. Data entry errors dropped by 80%, and the following internal audit closed every prior finding related to loan documentation. Lower processing effort reduced the cost per loan by 40%, allowing the credit union to grow lending volume without adding staff.</p>",
      "<p>Member satisfaction scores for lending rose by 35%, and the credit union has since asked Clearline to apply the same approach to account opening and member onboarding.</p>",
    ].join(""),
  },
  {
    id: "multi-site-clinic-network-security",
    seoDescription: "",
    title: "Securing Patient Data Across a Multi-Site Clinic Group",
    description:
      "We rebuilt the network and introduced HIPAA-aligned security controls across five clinics, giving staff fast, secure access to patient records from every location.",
    industry: "Healthcare",
    imageUrl: "/images/case-studies/multi-site-clinic-network-security.svg",
    imageAlt:
      "Abstract illustration of a shield with a medical cross at the center of a network of connected locations, in teal and slate",
    client: "A family healthcare group with five clinics",
    challenge:
      "The group had expanded from one clinic to five in six years, and each new site had been connected in a different way. Staff shared logins, the network was flat with no segmentation, and backups were untested. A phishing incident at one clinic exposed how vulnerable patient data was, and the group's cyber insurer required significant improvements before renewal.",
    approach: [
      "Performed a HIPAA security risk assessment across all five clinics",
      "Redesigned the network with segmentation and centrally managed firewalls",
      "Rolled out individual accounts, multi-factor authentication and endpoint protection",
      "Implemented encrypted, tested backups and staff security awareness training",
    ],
    results: [
      { value: "50%", label: "Faster processing" },
      { value: "30%", label: "Cost reduction" },
      { value: "+28%", label: "Customer satisfaction" },
      { value: "75%", label: "Fewer errors" },
    ],
    testimonial: {
      quote:
        "We finally have a network we can trust. Clearline explained every step in plain language, worked around our patient schedules and left us with security our insurer praised.",
      name: "Dr. James Okafor",
      initials: "JO",
      role: "Medical Director",
      company: "Hill Country Family Health",
    },
    body: [
      "<h2>Background</h2>",
      "<p>This family healthcare group operates five clinics serving around 40,000 patients. Growth had come quickly, and each new clinic had been set up by a different local provider. The result was a patchwork of consumer-grade routers, shared workstation logins and backups that nobody had tried to restore.</p>",
      "<p>When a staff member at one clinic clicked a phishing link, the attacker gained access to an email account containing patient correspondence. The incident was contained, but it made the risks clear, and the group's cyber insurer set a short deadline for improvements.</p>",
      "<h2>What we did</h2>",
      "<p>We began with a HIPAA security risk assessment covering every clinic, documenting each gap with its risk level and a recommended fix. Leadership used this to approve a six-month program, delivered clinic by clinic outside patient hours:</p>",
      "<ul>",
      "<li>Replaced consumer routers with centrally managed firewalls and segmented each site so clinical systems, guest Wi-Fi and medical devices are kept apart.</li>",
      "<li>Connected all sites over secure links to the electronic health record system, improving speed and reliability.</li>",
      "<li>Gave every staff member an individual account with multi-factor authentication, and deployed endpoint detection and response to all devices.</li>",
      "<li>Introduced encrypted off-site backups with quarterly restore tests.</li>",
      "<li>Ran security awareness training and monthly phishing simulations for all staff.</li>",
      "</ul>",
      "<p>Throughout the program we met the practice manager every two weeks to report progress and agree the next changes. Every clinic cutover took place on an evening or weekend, so not a single patient appointment was cancelled.</p>",
      "<h2>Outcome</h2>",
      "<p>The group passed its insurance renewal review with no outstanding findings. Faster, more reliable access to patient records cut check-in and charting delays by half, and consolidating contracts with a single managed security service reduced network costs by 30%.</p>",
      "<p>Phishing simulation click rates fell from 18% to under 3% within a year, and access-related support errors dropped by 75%. Patient satisfaction scores rose by 28% as waiting times shortened, and the group now has a documented, tested security program ready for its next clinic opening.</p>",
    ].join(""),
  },
  {
    id: "precision-manufacturer-cloud-migration",
    seoDescription: "",
    title: "Moving a Precision Manufacturer to the Cloud",
    description:
      "By migrating aging on-premises servers to Microsoft Azure, a regional manufacturer achieved 40% lower maintenance costs and eliminated unplanned downtime on production systems.",
    industry: "Manufacturing",
    imageUrl: "/images/case-studies/precision-manufacturer-cloud-migration.svg",
    imageAlt:
      "Abstract illustration of gears and a factory linked by data streams to a cloud above, in blue and teal",
    client: "A precision components manufacturer with two plants",
    challenge:
      "The manufacturer ran its ERP, production scheduling and quality systems on servers that were more than eight years old and out of warranty. Hardware failures caused two unplanned production stoppages in a single year, maintenance costs were rising, and the small internal IT team spent most of its time keeping old equipment alive instead of supporting the business.",
    approach: [
      "Assessed every application and mapped dependencies between plant and office systems",
      "Designed a secure Microsoft Azure environment with redundant plant connectivity",
      "Migrated workloads in weekend waves with full rollback plans",
      "Set up monitoring, automated backups and monthly cost reviews",
    ],
    results: [
      { value: "45%", label: "Faster processing" },
      { value: "40%", label: "Cost reduction" },
      { value: "+22%", label: "Customer satisfaction" },
      { value: "70%", label: "Fewer errors" },
    ],
    testimonial: {
      quote:
        "Clearline moved our most critical systems without costing us a single production shift. We have not had an unplanned outage since, and our IT team is finally working on improvements.",
      name: "Robert Hernandez",
      initials: "RH",
      role: "VP of Operations",
      company: "Brazos Precision Components",
    },
    body: [
      "<h2>Background</h2>",
      "<p>This manufacturer produces machined components for the aerospace and energy industries from two plants in Texas. Its ERP, production scheduling and quality management systems all ran on a small cluster of on-premises servers purchased more than eight years earlier.</p>",
      "<p>Two hardware failures in one year halted production for a combined 19 hours, delaying customer orders. Replacement parts were increasingly hard to source, and the two-person IT team was spending most of its week on maintenance.</p>",
      "<p>The company had considered simply replacing the servers, but a like-for-like refresh would have required a large capital outlay and left the same small team maintaining the same kind of hardware for years to come.</p>",
      "<h2>What we did</h2>",
      "<p>Our cloud readiness assessment catalogued 31 applications and mapped the dependencies between plant-floor systems and the office. Together with the operations team, we decided which workloads should move to Microsoft Azure and which machine-control systems should remain on site for latency reasons.</p>",
      "<ul>",
      "<li>We designed a secure Azure environment with identity controls, network segmentation and redundant connections from both plants.</li>",
      "<li>We migrated workloads in four weekend waves, each with a tested rollback plan, so no production shift was lost.</li>",
      "<li>We automated backups and geo-redundant replication for the ERP and quality databases.</li>",
      "<li>We implemented monitoring with alerts to our managed services team, plus monthly cost reviews.</li>",
      "</ul>",
      "<p>Before each wave, plant supervisors ran test orders through the migrated systems with us, confirming that work orders, labels and quality records came out exactly as before.</p>",
      "<h2>Outcome</h2>",
      "<p>In the year since the migration the manufacturer has had no unplanned downtime on production systems. Maintenance and hardware costs fell by 40%, and right-sizing the cloud environment kept monthly spending within budget.</p>",
      "<p>Faster infrastructure cut month-end ERP processing time by 45%, and automated data flows between scheduling and quality systems reduced manual entry errors by 70%. On-time delivery improved, lifting customer satisfaction scores by 22%. Freed from hardware maintenance, the internal IT team is now leading a shop-floor data collection project.</p>",
    ].join(""),
  },
];
