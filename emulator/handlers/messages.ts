// Message texts shared by handlers and operations, in the wording the real service uses.

export const notFoundMessage = (typeName: string, identifier: string): string =>
  `Resource of type '${typeName}' with identifier '${identifier}' was not found.`;

export const alreadyExistsMessage = (typeName: string, identifier: string): string =>
  `Resource of type '${typeName}' with identifier '${identifier}' already exists.`;
