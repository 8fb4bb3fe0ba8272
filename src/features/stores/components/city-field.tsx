import { findIranCity, searchIranCities, type IranCity } from '~/lib/iran-cities'
import { Combobox } from '~/ui/combobox'
import { Field } from '~/ui/field'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'

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
export function CityField({ label = 'City' }: { label?: string }) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const value = field.state.value ?? ''
  const listed = findIranCity(value)
  const hint = listed
    ? `${listed.province} province · where the store ships from and buyers pick up`
    : value.trim() && !field.state.meta.isDirty
      ? `“${value}” is not on the list of Iran’s cities: choose the city from the list when you next save.`
      : 'Type in English or Persian to search; where the store ships from and buyers pick up'
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
          listLabel="Cities"
          countLabel={(n) => (n === 1 ? '1 city' : `${n} cities`)}
          emptyMessage={(text) => `No city matches “${text.trim()}”`}
          toggleLabel="Show all cities"
          placeholder="Start typing a city"
        />
      )}
    </Field>
  )
}
