// Texts of the admin gate that the browser shows too (the 503 screen), apart from its server code.
export const adminUnavailableMessage =
  "The admin area cannot reach its database just now. Please try again in a moment.";
