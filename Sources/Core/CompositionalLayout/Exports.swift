// ItemPath lives in the shared leaf module CollectionTypes; layout users see it through here.
@_exported import CollectionTypes
