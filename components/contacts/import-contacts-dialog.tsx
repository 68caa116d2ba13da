import { useState } from "react";
import {
  detectEmailColumn,
  detectFirstNameColumn,
  detectLastNameColumn,
  detectNameColumn,
  propertyKeyFor,
} from "@/lib/contacts/import-csv";
import { useContactImport, useStartImport } from "@/lib/hooks/use-contacts";
import { useAllLists } from "@/lib/hooks/use-lists";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { ImportFileStep, type LoadedCsv } from "./import-file-step";
import { ImportMappingStep, propertyKeyError, type ColumnMapping } from "./import-mapping-step";
import { ImportProgressStep } from "./import-progress-step";

interface ImportContactsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list the contacts page is filtered by, preselected as the target. */
  defaultListId: string;
  onShowList: (listId: string) => void;
}

export function ImportContactsDialog({ open, onOpenChange, defaultListId, onShowList }: ImportContactsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import contacts"
      description="Upload a CSV, choose what each column means, and follow the import as it runs."
      className="sm:max-w-2xl"
      closeOnBackdrop={false}
    >
      <ImportFlow defaultListId={defaultListId} onClose={() => onOpenChange(false)} onShowList={onShowList} />
    </Dialog>
  );
}

function initialMapping(csv: LoadedCsv, listId: string): ColumnMapping {
  const email = csv.header[Math.max(0, detectEmailColumn(csv.header))] ?? "";
  const nameIndex = detectNameColumn(csv.header);
  const name = nameIndex === -1 || csv.header[nameIndex] === email ? "" : csv.header[nameIndex];
  const column = (index: number) => (index === -1 || csv.header[index] === email ? "" : csv.header[index]);
  const firstName = column(detectFirstNameColumn(csv.header));
  const lastName = column(detectLastNameColumn(csv.header));
  const properties: ColumnMapping["properties"] = {};
  for (const column of csv.header) {
    if (!column || column === email || column === name) continue;
    const key = propertyKeyFor(column);
    properties[column] = { include: key !== null, key: key ?? "" };
  }
  return { email, name, firstName, lastName, updateExisting: true, properties, listId };
}

// Mounted only while the dialog is open: each opening starts at the file picker.
function ImportFlow({
  defaultListId,
  onClose,
  onShowList,
}: {
  defaultListId: string;
  onClose: () => void;
  onShowList: (listId: string) => void;
}) {
  const [csv, setCsv] = useState<LoadedCsv | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const lists = useAllLists();
  const start = useStartImport();
  const progress = useContactImport(importId);

  if (importId) {
    const finished = progress.data?.status === "completed" || progress.data?.status === "failed";
    const listId = progress.data?.listId;
    return (
      <>
        <DialogBody>
          {progress.isError && !progress.data ? (
            <Alert tone="error">{errorMessage(progress.error)}</Alert>
          ) : (
            <ImportProgressStep progress={progress.data} />
          )}
        </DialogBody>
        <DialogFooter>
          {finished && listId && (
            <Button variant="secondary" onClick={() => onShowList(listId)}>
              Show the list
            </Button>
          )}
          <Button variant={finished ? "primary" : "secondary"} onClick={onClose} data-autofocus>
            {finished ? "Done" : "Close and keep importing"}
          </Button>
        </DialogFooter>
      </>
    );
  }

  if (!csv || !mapping) {
    return (
      <>
        <DialogBody>
          <ImportFileStep
            onLoaded={(loaded) => {
              setCsv(loaded);
              setMapping(initialMapping(loaded, defaultListId));
            }}
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </DialogFooter>
      </>
    );
  }

  const included = Object.entries(mapping.properties).filter(
    ([column, p]) => p.include && column !== mapping.email && column !== mapping.name,
  );
  const invalid = !mapping.email || included.some(([, p]) => propertyKeyError(p.key));

  function submit() {
    if (!csv || !mapping || invalid) return;
    start.mutate(
      {
        csv: csv.text,
        listId: mapping.listId || undefined,
        updateExisting: mapping.updateExisting,
        mapping: {
          email: mapping.email,
          name: mapping.name || undefined,
          firstName: mapping.firstName || undefined,
          lastName: mapping.lastName || undefined,
          properties: Object.fromEntries(included.map(([column, p]) => [column, p.key])),
        },
      },
      { onSuccess: (created) => setImportId(created.id) },
    );
  }

  return (
    <>
      <DialogBody>
        {start.isError && (
          <Alert tone="error" className="mb-4">
            {errorMessage(start.error)}
          </Alert>
        )}
        <ImportMappingStep csv={csv} mapping={mapping} onChange={setMapping} lists={lists.data?.data ?? []} />
      </DialogBody>
      <DialogFooter className="sm:justify-between">
        <Button
          variant="ghost"
          onClick={() => {
            setCsv(null);
            setMapping(null);
            start.reset();
          }}
        >
          Choose another file
        </Button>
        <Button onClick={submit} loading={start.isPending} disabled={invalid}>
          Import {csv.rows.length.toLocaleString()} {csv.rows.length === 1 ? "contact" : "contacts"}
        </Button>
      </DialogFooter>
    </>
  );
}
