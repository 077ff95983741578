// The larger field widgets SchemaForm shows for colour and image fields, in one module so they
// load as one chunk: on demand (OnDemand.jsx), or shipped with a page whose form shows them at
// start (the creative tools' islands pass this module as SchemaForm's `widgets`).
export { default as ColorField } from "./ColorField.jsx";
export { default as UploadWidget } from "./UploadWidget.jsx";
