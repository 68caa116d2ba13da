"use client";

import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Select, type SelectProps } from "./select";

type FormSelectProps<T extends FieldValues> = Omit<SelectProps, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref"> & {
  // The form's transformed output type does not matter to a field that only reads and writes its input.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: FieldPath<T>;
};

/**
 * A <select> bound to a form field as a controlled element. Options that load after the form
 * (lists, segments, templates fetched from the API) would leave an uncontrolled <select> showing
 * its first option while the form holds the saved value; a controlled one shows the saved value
 * as soon as its option exists.
 */
export function FormSelect<T extends FieldValues>({ control, name, children, ...props }: FormSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
        >
          {children}
        </Select>
      )}
    />
  );
}
