"use client";

import type { ReactNode } from "react";
import type { ApiForm } from "@/lib/hooks/use-api-form";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog, DialogBody, DialogFooter } from "./dialog";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /** What useApiForm returned: its submit, its form-wide error and its busy state. */
  form: ApiForm;
  submitLabel: string;
  /** The fields. */
  children: ReactNode;
}

/** A dialog holding one create form: its fields, the server's form-wide error, Cancel and submit. */
export function FormDialog({ open, onOpenChange, title, description, className, form, submitLabel, children }: FormDialogProps) {
  // Every opening starts from the defaults: what was typed is dropped on closing.
  const close = () => {
    form.resetToDefaults();
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={title}
      description={description}
      className={className}
    >
      <form onSubmit={form.onSubmit} noValidate>
        <DialogBody className="space-y-5">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          {children}
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={form.form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
