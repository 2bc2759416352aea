// Message texts shared by handlers and operations, in the wording the real service uses.

export const notFoundMessage = (typeName: string, identifier: string): string =>
  `Resource of type '${typeName}' with identifier '${identifier}' was not found.`;

/** "The bucket Already Exists": the words of the type's last name part, as the service says it. */
export const alreadyExistsMessage = (typeName: string): string => {
  const resource = typeName.split("::").pop() ?? typeName;
  const words = resource.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return `The ${words} Already Exists`;
};

/** GetResource of a missing object: the read handler's failure, with the request it ran as. */
export const readNotFoundMessage = (typeName: string, identifier: string, requestToken: string): string =>
  `${typeName} Handler returned status FAILED: Resource of type '${typeName}' with identifier ` +
  `'${identifier}' not found (HandlerErrorCode: NotFound, RequestToken: ${requestToken})`;
