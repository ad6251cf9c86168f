/**
 * The id of the category the create form has just made, handed to the list page it navigates to so that row can
 * be shown and highlighted. Per tab and in memory only: a reload simply shows the list as it is.
 */
let justCreated: string | undefined;

export function markJustCreated(id: string): void {
  justCreated = id;
}

export function peekJustCreated(): string | undefined {
  return justCreated;
}

export function clearJustCreated(): void {
  justCreated = undefined;
}
