/// One thing a frame shows, for assistive technology: a stable id, a role, what to read out and
/// where it is drawn. Immutable; `attributes` carry machine-readable facts (e.g. a solver's status).
public struct AccessibilityNode: Sendable, Equatable, Codable {
    /// Stable semantic id, the same across frames: "document", "axis/x", "minimum/1", "solver/Adam".
    public let id: String
    public let role: AccessibilityRole
    public let name: String
    public let value: String?
    public let description: String?
    /// Where it is drawn in frame pixels; nil for things without one place (e.g. the contour levels).
    public let bounds: AccessibilityBounds?
    /// Machine-readable facts by key: plain numbers and words, not meant to be read out.
    public let attributes: [String: String]
    public let children: [AccessibilityNode]

    public init(id: String, role: AccessibilityRole, name: String, value: String? = nil, description: String? = nil,
                bounds: AccessibilityBounds? = nil, attributes: [String: String] = [:], children: [AccessibilityNode] = []) {
        self.id = id
        self.role = role
        self.name = name
        self.value = value
        self.description = description
        self.bounds = bounds
        self.attributes = attributes
        self.children = children
    }

    /// Whether the node's own content (everything but its children) equals `other`'s.
    public func sameContent(as other: AccessibilityNode) -> Bool {
        id == other.id && role == other.role && name == other.name && value == other.value
            && description == other.description && bounds == other.bounds && attributes == other.attributes
    }

    /// The node without its children, as a diff reports it.
    public var withoutChildren: AccessibilityNode {
        AccessibilityNode(id: id, role: role, name: name, value: value, description: description,
                          bounds: bounds, attributes: attributes)
    }
}

extension AccessibilityNode {
    private enum CodingKeys: String, CodingKey {
        case id, role, name, value, description, bounds, attributes, children
    }

    /// Decodes a node; missing `attributes` and `children` mean none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), role: try c.decode(AccessibilityRole.self, forKey: .role),
                  name: try c.decode(String.self, forKey: .name), value: try c.decodeIfPresent(String.self, forKey: .value),
                  description: try c.decodeIfPresent(String.self, forKey: .description),
                  bounds: try c.decodeIfPresent(AccessibilityBounds.self, forKey: .bounds),
                  attributes: try c.decodeIfPresent([String: String].self, forKey: .attributes) ?? [:],
                  children: try c.decodeIfPresent([AccessibilityNode].self, forKey: .children) ?? [])
    }

    /// Encodes a node, leaving out absent values and empty attributes and children.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(role, forKey: .role)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(value, forKey: .value)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(bounds, forKey: .bounds)
        if !attributes.isEmpty { try c.encode(attributes, forKey: .attributes) }
        if !children.isEmpty { try c.encode(children, forKey: .children) }
    }
}
