// Length caps of the contact and newsletter fields, apart from the schema so that a form can set
// its maxLength attributes without loading the schema.
export const contactLimits = { name: 100, email: 254, phone: 40, company: 200, message: 5000 };
export const newsletterLimits = { email: 254 };

export type ContactField = "name" | "email" | "phone" | "company" | "message";
