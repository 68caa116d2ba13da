"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/ui/cn";
import { emptyNode, operatorsFor, takesValue, type FieldOption, type FilterNode } from "@/lib/ui/segment-filter-form";

// The filter builder: an and/or group of conditions and nested groups, each condition a field
// (a contact field or a declared property, its operators by type), email activity, an event,
// or membership of another segment. Groups nest at most MAX_GROUP_DEPTH deep, as the API allows.

const MAX_GROUP_DEPTH = 3;

export interface FilterBuilderOptions {
  fields: FieldOption[];
  segments: { id: string; name: string }[];
}

interface FormShape {
  name: string;
  filter: FilterNode;
}

// The form field is "filter", not "root": react-hook-form keeps errors.root for its own (and drops it on submit).
type NodePath = `filter` | `filter.rules.${number}` | `filter.rules.${number}.rules.${number}` | string;

export function FilterBuilder({ options }: { options: FilterBuilderOptions }) {
  return <GroupEditor path="filter" depth={0} options={options} onRemove={null} />;
}

function GroupEditor({
  path,
  depth,
  options,
  onRemove,
}: {
  path: NodePath;
  depth: number;
  options: FilterBuilderOptions;
  onRemove: (() => void) | null;
}) {
  const { control, register } = useFormContext<FormShape>();
  const { fields, append, remove } = useFieldArray({ control, name: `${path}.rules` as "filter.rules" });
  const label = depth === 0 ? "Contacts who match" : "Group";
  return (
    <fieldset
      className={cn("space-y-3 rounded-lg border border-zinc-200 p-3", depth > 0 && "bg-zinc-50/60")}
      aria-label={depth === 0 ? "Filter" : `Group at depth ${depth}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600">
        <span>{label}</span>
        <Select className="h-8 w-auto!" aria-label="All or any" {...register(`${path}.type` as "filter.type")}>
          <option value="and">all of</option>
          <option value="or">any of</option>
        </Select>
        <span>these conditions</span>
        {onRemove && (
          <Button variant="danger-ghost" size="sm" className="ml-auto" aria-label="Remove group" onClick={onRemove}>
            <TrashIcon />
          </Button>
        )}
      </div>
      <ol className="space-y-2">
        {fields.map((item, index) => (
          <li key={item.id}>
            <NodeEditor
              path={`${path}.rules.${index}`}
              depth={depth}
              options={options}
              onRemove={fields.length > 1 ? () => remove(index) : null}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => append(emptyNode("field", options.fields[0]?.value ?? "email"))}>
          <PlusIcon />
          Add condition
        </Button>
        {depth < MAX_GROUP_DEPTH - 1 && (
          <Button variant="ghost" size="sm" onClick={() => append(emptyNode("group", options.fields[0]?.value ?? "email"))}>
            <PlusIcon />
            Add group
          </Button>
        )}
      </div>
    </fieldset>
  );
}

function NodeEditor({
  path,
  depth,
  options,
  onRemove,
}: {
  path: string;
  depth: number;
  options: FilterBuilderOptions;
  onRemove: (() => void) | null;
}) {
  const { control, register, setValue, getFieldState, formState } = useFormContext<FormShape>();
  const node = useWatch({ control, name: path as "filter" }) as FilterNode | undefined;
  if (!node) return null;
  if (node.kind === "group") return <GroupEditor path={path} depth={depth + 1} options={options} onRemove={onRemove} />;
  const field = options.fields.find((f) => f.value === node.field) ?? options.fields[0];
  const operators = operatorsFor(field?.type ?? "string");
  const at = (name: keyof FilterNode) => `${path}.${name}` as "filter.value";
  const kind = register(at("kind"));
  // A comparison with nothing ("email is") matches nobody: the builder asks for the value.
  const valueError = getFieldState(at("value"), formState).error?.message;
  const valueField = register(at("value"), {
    validate: (value, values) => {
      const current = path.split(".").reduce<unknown>((n, key) => (n as Record<string, unknown>)?.[key], values) as FilterNode | undefined;
      return !current || current.kind !== "field" || !takesValue(current.operator) || value.trim() !== "" || "Enter a value";
    },
  });

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-2 sm:flex-row sm:flex-wrap sm:items-center">
      <Select
        className="sm:w-40"
        aria-label="Condition"
        {...kind}
        onChange={(event) => {
          void kind.onChange(event);
          // A new kind starts from its own defaults (an operator that fits, no stale value).
          const fresh = emptyNode(event.target.value as FilterNode["kind"], options.fields[0]?.value ?? "email");
          setValue(path as "filter", fresh);
        }}
      >
        <option value="field">Contact field</option>
        <option value="email">Email activity</option>
        <option value="event">Event</option>
        <option value="segment">In segment or list</option>
      </Select>

      {node.kind === "field" && (
        <>
          <Select
            className="sm:w-44"
            aria-label="Field"
            {...register(at("field"), {
              onChange: (event) => {
                const next = options.fields.find((f) => f.value === event.target.value);
                const ops = operatorsFor(next?.type ?? "string");
                if (!ops.some((o) => o.value === node.operator)) setValue(at("operator"), ops[0].value);
                setValue(at("value"), "");
              },
            })}
          >
            {options.fields.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
          <Select className="sm:w-40" aria-label="Operator" {...register(at("operator"))}>
            {operators.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          {takesValue(node.operator) &&
            (field?.type === "boolean" ? (
              <Select className="sm:w-28" aria-label="Value" {...register(at("value"))}>
                <option value="true">true</option>
                <option value="false">false</option>
              </Select>
            ) : (
              <Input
                className="sm:w-44 sm:flex-1"
                aria-label="Value"
                placeholder="Value"
                aria-invalid={valueError ? true : undefined}
                type={field?.type === "number" ? "number" : field?.type === "date" ? "date" : "text"}
                {...valueField}
              />
            ))}
          {takesValue(node.operator) && valueError && (
            <p role="alert" className="text-xs text-red-600 sm:basis-full">
              {valueError}
            </p>
          )}
        </>
      )}

      {node.kind === "email" && (
        <>
          <Select className="sm:w-40" aria-label="Activity" {...register(at("action"))}>
            <option value="received">received an email</option>
            <option value="opened">opened an email</option>
            <option value="clicked">clicked in an email</option>
          </Select>
          <Input className="sm:w-40" aria-label="Within" placeholder="within, e.g. 30 days" {...register(at("within"))} />
        </>
      )}

      {node.kind === "event" && (
        <>
          <Select
            className="sm:w-32"
            aria-label="Did or did not"
            value={node.negate ? "not" : "did"}
            onChange={(event) => setValue(at("negate") as "filter.negate", event.target.value === "not")}
          >
            <option value="did">did</option>
            <option value="not">did not do</option>
          </Select>
          <Input className="sm:w-40" aria-label="Event name" placeholder="signed_up" {...register(at("eventName"))} />
          <Input className="sm:w-40" aria-label="Within" placeholder="within, e.g. 7 days" {...register(at("within"))} />
        </>
      )}

      {node.kind === "segment" && (
        <Select className="sm:w-60" aria-label="Segment" {...register(at("segmentId"))}>
          <option value="">Choose a segment or list</option>
          {options.segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      )}

      {onRemove && (
        <Button
          variant="danger-ghost"
          size="sm"
          className="self-end sm:ml-auto sm:self-auto"
          aria-label="Remove condition"
          onClick={onRemove}
        >
          <TrashIcon />
        </Button>
      )}
    </div>
  );
}
