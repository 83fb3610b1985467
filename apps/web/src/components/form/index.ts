/** The form kit (ADR 0015): react-hook-form checked by the contracts' zod schemas, one look for every field. */
export { CheckboxField, ChoiceField, SelectField, type SelectOption } from './choice-fields';
export { ErrorText, FieldError, useFieldError } from './field-error';
export { Form, FormError, type FormProps, SubmitButton, useFormPending } from './form';
export { FormMessage } from './form-message';
export { msg } from './msg';
export { type CodeFields, placeServerErrors, serverMessage } from './server-errors';
export { PasswordField, TextAreaField, TextField } from './text-field';
export { useFieldChanges } from './use-field-changes';
export {
  applyServerErrors,
  type ErrorTarget,
  FORM_ERROR,
  type FormSchema,
  type ServerErrorOptions,
  showErrors,
  useZodForm,
  type ZodForm,
} from './use-zod-form';
