import { type CartItem, PRODUCT_IDS } from '@shop/domain';
import { type ComponentType, lazy, Suspense } from 'react';

type EditDialogProps = { item: CartItem; onClose: () => void };

// One lazy chunk per dialog: the cart menu and list load none until 'Editar'.
const NsEditDialog = lazy(() => import('./ns-edit-dialog.tsx'));
const CertidaoEditDialog = lazy(() => import('./certidao-edit-dialog.tsx'));
const PredialEditDialog = lazy(() => import('./predial-edit-dialog.tsx'));
const GenericEditDialog = lazy(() => import('./generic-edit-dialog.tsx'));

const FIXED_DIALOGS: Readonly<Record<number, ComponentType<EditDialogProps>>> = {
  [PRODUCT_IDS.notaSimple]: NsEditDialog,
  [PRODUCT_IDS.certidaoPermanente]: CertidaoEditDialog,
  [PRODUCT_IDS.informacaoPredial]: PredialEditDialog,
};

/** The edit dialog of a cart item (spec 2): 15867, 18414 and 18421 have their own; others the generic one. */
export function EditItemDialog({ item, onClose }: EditDialogProps) {
  const Dialog = FIXED_DIALOGS[item.product_id] ?? GenericEditDialog;
  return (
    <Suspense fallback={null}>
      <Dialog item={item} onClose={onClose} />
    </Suspense>
  );
}
