/** A pass code as printed and read aloud: ABCDE FGHJK (the door types it either way). */
export const groupedCode = (code: string) => code.replace(/(.{5})(?=.)/g, '$1 ');
