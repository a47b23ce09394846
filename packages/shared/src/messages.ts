export const MESSAGES = {
  productInCart: 'Product already in cart',
  signInToAddToCart: 'Sign in to add this to your cart: we will bring you back here',
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
  detailsUpdated: 'Your details are saved',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Any other device you were signed in on is now signed out.',
  deletePasswordWrong: 'Password is incorrect',
  adminNotDeletable: 'An admin account cannot be deleted from the profile',
  accountDeleted: 'Your account is deleted. Thank you for shopping with us.',
  orderCancelled: 'Your order has been cancelled',
  orderAlreadyCancelled: 'This order is already cancelled',
  orderAlreadyDispatched: 'This order is already on its way and can no longer be cancelled',
} as const;

export const outOfStockMessage = (title: string): string => `${title} is out of stock`;

export const addedToCartMessage = (title: string): string => `${title} added to cart`;

export const openOrderBlocksDeletionMessage = (orderId: number): string =>
  `Order #${orderId} is still open. You can delete your account once it is delivered or cancelled.`;
