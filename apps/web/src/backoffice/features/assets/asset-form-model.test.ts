import { adminAssetFields } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { asBody } from '../../lib/form-rules';
import {
  ASSET_FORM_SECTIONS,
  assetAliases,
  assetFormFields,
  EURO_AMOUNT_MESSAGE,
  type FormState,
  fieldsOfState,
} from './asset-form-model';

const fields = ASSET_FORM_SECTIONS.flatMap((section) => section.fields);

describe('asset form: words staff read (issue 34)', () => {
  it('every select shows German names, never the raw value', () => {
    const raw = fields
      .filter((field) => field.kind === 'enum')
      .flatMap((field) => (field.options ?? []).filter((option) => option.label === option.value))
      .map((option) => option.value);
    expect(raw).toEqual([]);
    const labelOf = (name: string, value: string) =>
      fields.find((field) => field.name === name)?.options?.find((option) => option.value === value)?.label;
    expect(labelOf('propertyType', 'apartmentBuilding')).toBe('Zinshaus');
    expect(labelOf('heatingType', 'heatpump')).toBe('Wärmepumpe');
    expect(labelOf('contractType', 'notRented')).toBe('Nicht vermietet');
    expect(labelOf('constructionType', 'roof')).toBe('Dachanlage');
  });

  it('a euro field that holds no amount says it takes euros, not cents', () => {
    const form = asBody(
      assetFormFields,
      (state) => fieldsOfState(state as FormState),
      adminAssetFields,
      assetAliases(),
    );
    const result = form.safeParse({ pricePerShareCents: '12,5x', monthlyRentCents: '-3' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues ?? [];
    const at = (name: string) =>
      messages.filter((issue) => issue.path.join('.') === name).map((issue) => issue.message);
    expect(at('pricePerShareCents')).toEqual([EURO_AMOUNT_MESSAGE]);
    expect(at('monthlyRentCents')).toEqual([EURO_AMOUNT_MESSAGE]);
    expect(messages.map((issue) => issue.message).join(' ')).not.toMatch(/Cent/);
    const valid = assetFormFields.safeParse({ pricePerShareCents: '1.234,56' });
    expect(valid.error?.issues.filter((issue) => issue.path.join('.') === 'pricePerShareCents')).toEqual([]);
  });
});
