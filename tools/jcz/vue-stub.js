// Stands in for Vue when tools/jcz/client-check.sh bundles JCloisterZone's
// client plugins for node: they only hang their instance on Vue.prototype.
export default { prototype: {} }
