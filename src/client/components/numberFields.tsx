import { yupResolver } from '@hookform/resolvers/yup';
import { useId, useMemo } from 'react';
import { type Control, type FieldPath, type FieldValues, type Resolver, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import { type NumberRule, readNumber, type Refusal, type TypedNumber, writeNumber } from '../../shared/decimal';
import { type Sentence, sentenceText } from './NoticeView';

/*
 * Fields where a person types a number. They are text fields: a browser's number field parses by
 * the browser's own language (it took '6,2' for 62), and only the text tells why it is refused.
 * What is typed is read by shared/decimal.ts in the reader's language, and the field shows, before
 * anything is saved, the value it will save or why its text is refused.
 */

/** A form's number fields by name, each with the rule it is typed by. */
export type NumberRules = Readonly<Record<string, NumberRule>>;

/** Reading and writing numbers as the reader types them. */
export function useTypedNumbers() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const write = (value: number | string, rule: NumberRule) => writeNumber(value, rule, language);
    const number = (text: string | undefined, rule: NumberRule) => {
      const typed = readNumber(text ?? '', rule, language);
      return typed.status === 'read' ? typed.value : typed.status === 'empty' ? undefined : Number.NaN;
    };
    const each = <T extends object>(values: T, rules: NumberRules, convert: (value: unknown, rule: NumberRule) => unknown) => ({
      ...values,
      ...Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, convert((values as Record<string, unknown>)[name], rule)])),
    });
    return {
      read: (text: string, rule: NumberRule) => readNumber(text, rule, language),
      /** A stored value as a field shows it, so that it reads back the same. */
      write,
      /** What a form's schema checks: undefined when nothing is typed, NaN for a refused text (its field says why). */
      number,
      /** A form's values from stored ones: each number field of `rules` as its text. */
      texts: <Texts,>(values: object, rules: NumberRules) => each(values, rules, (value, rule) => (typeof value === 'number' || typeof value === 'string' ? write(value, rule) : '')) as Texts,
      /** A schema's input from a form's values: each number field of `rules` read from its text. */
      numbers: <T extends object>(values: T, rules: NumberRules) => each(values, rules, (text, rule) => number(typeof text === 'string' ? text : undefined, rule)),
      /** Why the first number field of `rules` that is refused is refused, or null: a form that checks on submit says it. */
      refusal: (values: object, rules: NumberRules): Refusal | null => {
        for (const [name, rule] of Object.entries(rules)) {
          const text = (values as Record<string, unknown>)[name];
          const typed = readNumber(typeof text === 'string' ? text : '', rule, language);
          if (typed.status === 'refused') return typed.refusal;
        }
        return null;
      },
    };
  }, [language]);
}

/** The input attributes of a number field: text, with the keyboard of its kind. */
export function numberInput(rule: NumberRule) {
  return { type: 'text', inputMode: rule.kind === 'whole' ? 'numeric' : 'decimal', autoComplete: 'off' } as const;
}

/** The value as it will be saved, written for the reader ('₺75.000,00'). */
export type Preview = (value: number, decimal: string) => string;

/**
 * Under a number field: why its text is refused, else the schema's refusal (a catalogue key) or the
 * screen's (a sentence, such as a gram beyond its bound), else the value it will save (given
 * `preview`; none for a filter or a value not changed).
 */
export function NumberNote({ id, typed, error, preview }: { id?: string; typed: TypedNumber; error?: string | Sentence | null; preview?: Preview }) {
  const { t, i18n } = useTranslation();
  if (typed.status === 'refused' || error) {
    return (
      <div id={id} className="field-error" role="alert">
        {typed.status === 'refused' ? sentenceText(t, typed.refusal) : typeof error === 'string' ? t(error) : sentenceText(t, error as Sentence, i18n.language)}
      </div>
    );
  }
  if (typed.status !== 'read' || !preview) return null;
  return (
    <div id={id} className="hint" aria-live="polite">
      {t('common:willSave', { value: preview(typed.value, typed.decimal) })}
    </div>
  );
}

interface NumberFieldProps<T extends FieldValues> {
  /** Any form, whatever its resolver turns the texts into. */
  control: Control<T, any, any>;
  /** A field whose form value is the typed text. */
  name: FieldPath<T>;
  rule: NumberRule;
  label: string;
  hint?: string;
  preview?: Preview;
}

/**
 * A labelled number field of a react-hook-form form. The form holds the text; its resolver reads
 * it into the number its schema checks (`typedResolver`), and a stored value is put in the form as
 * text (`useTypedNumbers().write`). The value it will save shows once the text is changed.
 */
export function NumberField<T extends FieldValues>({ control, name, rule, label, hint, preview }: NumberFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const { read } = useTypedNumbers();
  const id = useId();
  const text = typeof field.value === 'string' ? field.value : String(field.value ?? '');
  const typed = read(text, rule);
  const error = fieldState.error?.message ?? null;
  const refused = typed.status === 'refused' || error !== null;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...numberInput(rule)}
        name={field.name}
        ref={field.ref}
        value={text}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={refused ? true : undefined}
        aria-describedby={`${id}-note`}
      />
      {hint && !refused && <div className="hint">{hint}</div>}
      <NumberNote id={`${id}-note`} typed={typed} error={error} preview={fieldState.isDirty ? preview : undefined} />
    </div>
  );
}

/**
 * A form's resolver whose schema checks the numbers read from the typed texts: `toInput` turns the
 * form's values into the schema's input (with `useTypedNumbers().number`), so a refused text is
 * refused on submit too, and the form submits the numbers.
 */
export function typedResolver<T extends FieldValues, Values = T>(schema: ObjectSchema<AnyObject>, toInput: (values: T) => object): Resolver<T, unknown, Values> {
  const resolve = yupResolver(schema) as unknown as Resolver<T, unknown, Values>;
  return (values, context, options) => resolve(toInput(values) as T, context, options);
}
