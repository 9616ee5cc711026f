import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '../../../shared/api';
import { Combobox, type ComboOption } from '../../components/Combobox';
import { useFormatters } from '../lookups';

interface Props {
  label: string;
  products: readonly ProductDto[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** The catalogue is still on its way. */
  disabled?: boolean;
}

/** A product of the catalogue, found by typing part of its title or code (id, SKU, our product id), shown with its photo and price. */
export function ProductPicker({ label, products, value, onChange, onBlur, invalid, disabled }: Props) {
  const { t } = useTranslation('customerOrders');
  const fmt = useFormatters();
  const options = useMemo(
    (): ComboOption[] =>
      products.map((product) => ({
        id: product.id,
        label: `${product.id} - ${product.title}`,
        search: [product.id, product.title, product.sku, product.our_product_id].filter((part) => part !== null && part !== '').join(' '),
        detail: product.price === null ? undefined : fmt.money(product.price, product.currency),
        image: product.picture_url,
      })),
    [products, fmt],
  );
  return (
    <Combobox label={label} options={options} value={value} onChange={onChange} onBlur={onBlur} placeholder={t('form.choose')} noMatches={t('form.noProductMatches')} invalid={invalid} disabled={disabled} />
  );
}
