/** Texts that are not one form field's (toasts, conflict replies), written once for the web and the API. */
export const MESSAGES = {
  productInCart: 'Product already in cart',
  selectColor: 'Please select a color',
  selectSize: 'Please select a size',
  selectAddressAndPayment: 'Please select address and payment method',
  colorsAndSizesMissing: 'Add at least one color and size',
  colorMissing: 'Add at least one color',
  sizeMissing: 'Add at least one size',
  colorAdded: 'Color added',
  colorRemoved: 'Color removed',
  colorDuplicate: 'Color already added',
  sizeAdded: 'Size added',
  sizeRemoved: 'Size removed',
  sizeDuplicate: 'Size already added',
  sizeNotPositive: 'Size must be greater than 0',
  productRemovedFromCart: 'Product removed from cart',
  itemRemovedFromCart: 'Item removed from cart',
  orderPlaced: 'Order Placed Successfully',
  addressAdded: 'Address added successfully!',
  addressUpdated: 'Address updated successfully!',
  addressDeleted: 'Address deleted successfully!',
  imageUploaded: 'Image uploaded successfully!',
  imageRemoved: 'Image removed',
  imageUploadFailed: 'Failed to upload image. Please try again.',
  productCreated: 'Product Created Successfully',
  productUpdated: 'Product Updated Successfully',
  productDeleted: 'Product Deleted Successfully',
  invalidPaymentDetails: 'Invalid payment details received from the server',
  emailSent: 'Email sent successfully',
  noProducts: 'No products found',
  imageTooLarge: 'Image size should be less than 10MB',
} as const;

export const outOfStockMessage = (title: string): string => `${title} is out of stock`;

export const addedToCartMessage = (title: string): string => `${title} added to cart`;
