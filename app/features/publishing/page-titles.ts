// The titles of the kinds' public pages, as their head tags and the editors' previews show them.

/** A case study's page names its industry: "Loan Automation: Finance Case Study". */
export function formatCaseStudyPageTitle(item: { title: string; industry: string }): string {
  return `${item.title}: ${item.industry} Case Study`;
}
