// Length caps of the contact form's fields, apart from the schema so that the form can set its
// maxLength attributes without loading the schema.
export const contactLimits = { name: 100, email: 254, phone: 40, company: 200, message: 5000 };

export type ContactField = "name" | "email" | "phone" | "company" | "message";
