// Text that Terraform must take literally where it reads templates: quoted strings in HCL, and every
// string in its JSON syntax. `${` and `%{` start interpolations and directives there; doubled
// (`$${`, `%%{`) they stand for themselves.

/** `text` with its template introducers escaped. */
export const literalTemplateText = (text: string): string => text.replace(/([$%])\{/g, "$1$1{");
