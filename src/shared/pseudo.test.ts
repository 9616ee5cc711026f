import { pseudoCatalogue, pseudoText } from './pseudo';

test('letters become accented look-alikes, in brackets, about 40 % longer', () => {
  const text = pseudoText('Sipariş Yönetimi');
  expect(text).toBe('[Šîþåŕîş Ýöñéţîɱî ~~~~~~]');
  expect(text.length / 'Sipariş Yönetimi'.length).toBeGreaterThanOrEqual(1.4);
  expect(text).not.toMatch(/[a-zA-Z]/);
});

test("interpolations, nesting, Trans tags and AG Grid's placeholders are left as they are", () => {
  expect(pseudoText('Sütun "${variable}" bulunamadı')).toBe('[Šüţûñ "${variable}" ƀûļûñåɱåđı ~~~~~~~]');
  expect(pseudoText('{{shown}} / {{total}} ürün')).toBe('[{{shown}} / {{total}} üŕüñ ~~]');
  expect(pseudoText('{{- name, uppercase}} $t(common:save) <1>link</1>')).toBe('[{{- name, uppercase}} $t(common:save) <1>ļîñķ</1> ~~]');
});

test('a catalogue keeps its keys, plural suffixes and nesting; only string values change', () => {
  const catalogue = { title: 'Adım', line_one: '{{count}} satır', line_other: '{{count}} satır', nested: { deep: 'Kaydet' }, limit: 5 };
  expect(pseudoCatalogue(catalogue)).toEqual({
    title: '[Åđıɱ ~~]',
    line_one: '[{{count}} šåţıŕ ~~]',
    line_other: '[{{count}} šåţıŕ ~~]',
    nested: { deep: '[Ķåýđéţ ~~]' },
    limit: 5,
  });
});
