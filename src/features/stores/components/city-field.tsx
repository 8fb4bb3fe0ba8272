import { formatNumber } from '~/lib/money'
import { findIranCity, searchIranCities, type IranCity } from '~/lib/iran-cities'
import { Combobox } from '~/ui/combobox'
import { Field } from '~/ui/field'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import { m } from '~/lib/messages'

const cityKey = (city: IranCity) => city.name
const cityValue = (city: IranCity) => city.name

function CityOption(city: IranCity) {
  return (
    <span className="flex items-baseline justify-between gap-3">
      <span className="min-w-0">
        {city.name}{' '}
        <span lang="fa" dir="rtl" className="text-stone-600">
          {city.fa}
        </span>
      </span>
      <span className="shrink-0 text-xs text-stone-600">{city.province}</span>
    </span>
  )
}

/**
 * The store's city, chosen from Iran's cities by typing (English or Persian) or from the whole list.
 * A store saved before the list existed keeps its old text until the seller picks a listed city;
 * the hint says so, and saving asks for it (the server accepts only listed cities).
 */
export function CityField({ label = m.inventory_store_city() }: { label?: string }) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const value = field.state.value ?? ''
  const listed = findIranCity(value)
  const hint = listed
    ? m.inventory_city_hint_listed({ province: listed.province })
    : value.trim() && !field.state.meta.isDirty
      ? m.inventory_city_hint_unlisted({ value })
      : m.inventory_city_hint()
  return (
    <Field label={label} hint={hint} error={error} required>
      {(control) => (
        <Combobox
          control={control}
          name={field.name}
          value={value}
          onValueChange={(text) => field.handleChange(text)}
          onBlur={() => {
            // "tehran" or «تهران» typed in full is that city: show it as it will be saved.
            const city = findIranCity(value)
            if (city && city.name !== value) field.handleChange(city.name)
            field.handleBlur()
          }}
          search={searchIranCities}
          optionKey={cityKey}
          optionValue={cityValue}
          renderOption={CityOption}
          listLabel={m.inventory_cities()}
          countLabel={(n) => m.inventory_city_count({ count: n, countText: formatNumber(n) })}
          emptyMessage={(text) => m.inventory_city_no_match({ text: text.trim() })}
          toggleLabel={m.inventory_city_show_all()}
          placeholder={m.inventory_city_placeholder()}
        />
      )}
    </Field>
  )
}
