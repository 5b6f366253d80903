/**
 * The refusal's fields of a declared answer (supabase/schemas/05_answer_types.sql), null in an
 * answer that is not a refusal (docs/decisions/054-typed-answers.md).
 */
export const NO_REFUSAL = { code: null, message: null, hint: null, details: null };
