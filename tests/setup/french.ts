/**
 * French typography as the interface writes it (docs/glossary.md): a no-break space before
 * : ; ! ? » and after «. Accessible names keep it (getByRole's `name` is matched as is), while
 * getByText collapses it to a space: tests give role names and raw strings through `fr()`.
 */
export const fr = (text: string): string =>
  text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

/**
 * The same text as getByText sees it: Testing Library collapses the node's whitespace (no-break
 * spaces included) but not the matcher's, so a constant of the interface is passed through this.
 */
export const plain = (text: string): string => text.replace(/\s+/g, ' ');
