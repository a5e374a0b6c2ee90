import type { Pedido, PedidoItem } from '@shop/domain';

/** The item `itemId` among the orders' items and their children, with its order. */
export function findOrderItem(orders: Pedido[], itemId: number): { order: Pedido; item: PedidoItem } | null {
  const inItems = (items: PedidoItem[]): PedidoItem | null => {
    for (const item of items) {
      if (item.id === itemId) return item;
      const child = inItems(item.childs);
      if (child) return child;
    }
    return null;
  };
  for (const order of orders) {
    const item = inItems(order.items);
    if (item) return { order, item };
  }
  return null;
}
