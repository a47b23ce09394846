import type { Address } from '@shop/shared/address';
import { DEFAULT_BRAND } from '@shop/shared/brand';
import type { CartItem } from '@shop/shared/cart';
import { DEFAULT_COD_SETTINGS, DEFAULT_DELIVERY_SETTINGS, type PincodeAnswer } from '@shop/shared/delivery';
import type { Order } from '@shop/shared/order';
import { DEFAULT_SHIPPING_SETTINGS } from '@shop/shared/shipping-schemas';
import { DEFAULT_RETURN_RULES } from '@shop/shared/returns';
import type { OrderStage } from '@shop/shared/shipping';
import type { Product } from '@shop/shared/product';
import type { ShopSettings } from '@shop/shared/settings';
import type { User } from '@shop/shared/user';
import { EMPTY_DETAILS } from '@shop/shared/variants';

/** Sample data shaped like the API's replies, for the commerce features' tests. */
export function aProduct(over: Partial<Product> = {}): Product {
  return {
    id: 1,
    title: 'Kanjivaram Silk Saree',
    description: 'Handwoven pure silk with a zari border.',
    brand: 'Nalli',
    category: 'sarees',
    price: 12000,
    discountPercentage: 25,
    discountedPrice: 9000,
    rating: 4.6,
    stock: 5,
    thumbnail: '/uploads/abc.webp',
    images: ['/uploads/a1.webp', '/uploads/a2.webp', '/uploads/a3.webp', '/uploads/abc.webp'],
    colors: ['#7a1f2b', '#e0a526'],
    sizes: [216, 244],
    highlights: ['Pure silk', 'Zari border', 'Blouse piece included', 'Dry clean only'],
    hsn: null,
    gstRatePercent: null,
    countryOfOrigin: 'India',
    breadcrumbs: [],
    deleted: false,
    variants: [],
    sizeLabels: ['216', '244'],
    sizeUnit: 'in',
    colorImages: [],
    details: EMPTY_DETAILS,
    sizeChart: null,
    ...over,
  };
}

export function aCartItem(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 11,
    product: {
      id: 1,
      title: 'Kanjivaram Silk Saree',
      brand: 'Nalli',
      thumbnail: '/uploads/abc.webp',
      discountedPrice: 9000,
      price: 12000,
      discountPercentage: 25,
      stock: 5,
      deleted: false,
      category: 'Silk Sarees',
      hsn: null,
      gstRatePercent: null,
      sizeUnit: 'in',
    },
    quantity: 1,
    color: '#7a1f2b',
    size: 216,
    variant: null,
    ...over,
  };
}

export function anAddress(over: Partial<Address> = {}): Address {
  return {
    name: 'Meera Iyer',
    email: 'meera@example.com',
    phone: '+919876543210',
    street: '12 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    pinCode: '400002',
    ...over,
  };
}

export function aUser(over: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Meera Iyer',
    email: 'meera@example.com',
    phoneNumber: '+919876543210',
    role: 'user',
    imageUrl: '',
    addresses: [],
    ...over,
  };
}

/** The stage an order of SPEC's status is at before anything finer happened to it. */
const STAGE_OF_STATUS = {
  pending: 'pending',
  dispatched: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
} as const;

export function anOrder(over: Partial<Order> = {}): Order {
  const stage: OrderStage = over.stage ?? STAGE_OF_STATUS[over.status ?? 'pending'];
  return {
    id: 101,
    items: [
      {
        id: 1,
        quantity: 2,
        color: '#7a1f2b',
        size: 216,
        product: {
          id: 1,
          title: 'Kanjivaram Silk Saree',
          brand: 'Nalli',
          category: 'sarees',
          thumbnail: '/uploads/abc.webp',
          price: 12000,
          discountPercentage: 25,
          discountedPrice: 9000,
        },
      },
    ],
    totalAmount: 18000,
    totalItems: 2,
    user: 7,
    paymentMethod: 'cash',
    payment: { paymentMethod: 'cash', status: 'pending' },
    selectedAddress: anAddress(),
    status: 'pending',
    createdAt: '2025-10-20T10:00:00.000Z',
    updatedAt: '2025-10-20T10:00:00.000Z',
    invoiceNumber: 'INV/25-26/000101',
    creditNoteNumber: null,
    codFee: 0,
    prepaidDiscount: 0,
    confirmation: 'not_needed',
    confirmBy: null,
    cashCollected: false,
    stage,
    shippingRupees: 0,
    shipment: null,
    ...over,
  };
}

/** The shop's settings as GET /api/settings/admin sends them (GET /api/settings leaves out lowStockThreshold). */
export function aShop(over: Partial<ShopSettings> = {}): ShopSettings {
  return {
    legalName: 'Saree Pari',
    address: '12 Linking Road, Bandra West, Mumbai 400050',
    state: 'Maharashtra',
    gstin: '27AAAAA0000A1Z2',
    grievanceName: 'Meera Iyer',
    grievanceEmail: 'grievance@sareepari.example',
    supportPhone: '+91 98200 12345',
    supportEmail: 'hello@sareepari.example',
    lowStockThreshold: 5,
    ...DEFAULT_BRAND,
    cod: DEFAULT_COD_SETTINGS,
    delivery: DEFAULT_DELIVERY_SETTINGS,
    shipping: DEFAULT_SHIPPING_SETTINGS,
    returns: DEFAULT_RETURN_RULES,
    reviewsNeedApproval: false,
    ...over,
  };
}

/** `GET /api/pincodes/400050`: Bandra, Mumbai; delivered, cash taken. */
export function aPincode(over: Partial<PincodeAnswer> = {}): PincodeAnswer {
  return {
    pin: '400050',
    district: 'Mumbai',
    state: 'Maharashtra',
    deliverable: true,
    cod: true,
    estimatedDelivery: { from: '2026-11-28', to: '2026-11-28' },
    ...over,
  };
}
