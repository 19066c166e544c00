// The reader's KML schema, built into the binary so that `mapbridge validate` needs no files
// beside it. Copies of schemas/mapbridge-kml22-read.xsd and schemas/mapbridge-kml22-read-gx.xsd,
// byte for byte (a test compares them): edit the files there, then paste them here.

extension KMLSchema {
    /// The file name the reader schema's `xs:import` of Google's extensions asks for.
    static let readerExtensionFileName = "mapbridge-kml22-read-gx.xsd"

    /// schemas/mapbridge-kml22-read.xsd.
    public static let readerText = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  The KML MapBridge reads: OGC KML 2.2 as Google Earth and MapBridge's reader accept it. This is
  the default schema of `mapbridge validate`; the writer's strict profile is mapbridge-kml22.xsd.

  What it checks:
  - every element in the KML namespace is one KML 2.2 defines, in a parent where KML allows it
    (a typo such as <Placemarks>, or a <Placemark> inside a <Point>, is an error);
  - values: colours (8 hex digits, either case), booleans (0, 1, true, false), numbers and the
    ranges of angles, enumerations (altitudeMode, refreshMode, ...), dates and times
    (xs:dateTime, xs:date, xs:gYearMonth or xs:gYear), coordinates (tuples of 2 or 3 numbers
    joined by commas, tuples apart by any whitespace);
  - attributes: id and targetId on every KML object (any text: duplicates are the validator's
    duplicate-id rule, not the schema's), and the attributes KML defines (hotSpot's x, y, xunits,
    yunits; Data's name; ...).

  What it leaves alone, on purpose:
  - the ORDER of child elements, and how often each appears. OGC's schema fixes an order, but
    Google Earth (and libkml, GDAL, MapBridge) read children in any order, and real files
    (Google Earth's own among them) put <Style> after <Placemark>, <LookAt> after <styleUrl>,
    <extrude> after <when>. Each type is therefore a repeated choice of its children.
  - elements from other namespaces (atom:, xal:, a producer's extensions, also where KML has no
    extension point): accepted. Those this schema declares (gx:, imported below) are checked
    where they appear; any other is skipped.
  - ranges Google Earth clamps rather than refuses (tilt, range, roll, sizes): numbers only.

  Written for MapBridge; the structure follows the OGC KML 2.2 standard (OGC 07-147r2).
  XSD 1.0's Unique Particle Attribution rule is why every type is one choice of KML-namespace
  elements plus one wildcard for namespace ##other: the two never match the same element. The
  choice repeats through a sequence around it (not maxOccurs on the choice itself): libxml2 builds
  a repeated choice with a counter, which makes it remember every child's name; a repeated
  sequence needs none. (The ##other wildcard still makes libxml2 keep about 100 bytes per child
  until the parent ends; since every child is judged on its own, `mapbridge validate` ends and
  restarts a Document or Folder in the validator every 1,024 children, so a Document of a
  million Placemarks validates in flat memory.)
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:kml="http://www.opengis.net/kml/2.2"
  targetNamespace="http://www.opengis.net/kml/2.2"
  elementFormDefault="qualified">

  <xs:import namespace="http://www.google.com/kml/ext/2.2" schemaLocation="mapbridge-kml22-read-gx.xsd"/>

  <!-- Simple types. Those built on xs:token ignore leading and trailing whitespace. -->

  <!-- lon,lat[,alt] tuples apart by any whitespace (none at all is an empty geometry). Space
       around a comma is read as part of the tuple ("19, 37"), as Google Earth and MapBridge's
       reader read it. -->
  <xs:simpleType name="coordinatesType">
    <xs:restriction base="xs:token">
      <xs:pattern value="([+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?( ?, ?[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?){1,2}( [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?( ?, ?[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?){1,2})*)?"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- aabbggrr: alpha, blue, green, red, two hex digits each, either case. -->
  <xs:simpleType name="colorType">
    <xs:restriction base="xs:token">
      <xs:pattern value="[0-9A-Fa-f]{8}"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- xs:boolean: 0, 1, true or false. -->
  <xs:simpleType name="booleanType">
    <xs:restriction base="xs:boolean"/>
  </xs:simpleType>

  <xs:simpleType name="dateTimeType">
    <xs:union memberTypes="xs:dateTime xs:date xs:gYearMonth xs:gYear"/>
  </xs:simpleType>

  <xs:simpleType name="angle90Type">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-90"/>
      <xs:maxInclusive value="90"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="angle180Type">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-180"/>
      <xs:maxInclusive value="180"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="angle360Type">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-360"/>
      <xs:maxInclusive value="360"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="altitudeModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="clampToGround"/>
      <xs:enumeration value="relativeToGround"/>
      <xs:enumeration value="absolute"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="colorModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="normal"/>
      <xs:enumeration value="random"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="displayModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="default"/>
      <xs:enumeration value="hide"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="gridOriginEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="lowerLeft"/>
      <xs:enumeration value="upperLeft"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="itemIconModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="open"/>
      <xs:enumeration value="closed"/>
      <xs:enumeration value="error"/>
      <xs:enumeration value="fetching0"/>
      <xs:enumeration value="fetching1"/>
      <xs:enumeration value="fetching2"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- Space-separated states, such as "open error". -->
  <xs:simpleType name="itemIconStateType">
    <xs:list itemType="kml:itemIconModeEnumType"/>
  </xs:simpleType>

  <xs:simpleType name="listItemTypeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="check"/>
      <xs:enumeration value="checkOffOnly"/>
      <xs:enumeration value="checkHideChildren"/>
      <xs:enumeration value="radioFolder"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="refreshModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="onChange"/>
      <xs:enumeration value="onInterval"/>
      <xs:enumeration value="onExpire"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="viewRefreshModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="never"/>
      <xs:enumeration value="onRequest"/>
      <xs:enumeration value="onStop"/>
      <xs:enumeration value="onRegion"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="shapeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="rectangle"/>
      <xs:enumeration value="cylinder"/>
      <xs:enumeration value="sphere"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="styleStateEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="normal"/>
      <xs:enumeration value="highlight"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="unitsEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="fraction"/>
      <xs:enumeration value="pixels"/>
      <xs:enumeration value="insetPixels"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- Attributes -->

  <!-- kml:id, the id in KML's namespace, as Google Earth writes it on gx:CascadingStyle. -->
  <xs:attribute name="id" type="xs:string"/>

  <!-- Every KML object may carry an id and a targetId; extension attributes are welcome. -->
  <xs:attributeGroup name="ObjectAttributes">
    <xs:attribute name="id" type="xs:string"/>
    <xs:attribute ref="kml:id"/>
    <xs:attribute name="targetId" type="xs:string"/>
    <xs:anyAttribute namespace="##other" processContents="lax"/>
  </xs:attributeGroup>

  <!-- Groups of child elements, each element in one group only. -->

  <!-- What every feature may hold. -->
  <xs:group name="FeatureMembers">
    <xs:choice>
      <xs:element ref="kml:name"/>
      <xs:element ref="kml:visibility"/>
      <xs:element ref="kml:open"/>
      <xs:element ref="kml:address"/>
      <xs:element ref="kml:phoneNumber"/>
      <xs:element ref="kml:Snippet"/>
      <xs:element ref="kml:snippet"/>
      <xs:element ref="kml:description"/>
      <xs:element ref="kml:LookAt"/>
      <xs:element ref="kml:Camera"/>
      <xs:element ref="kml:TimeStamp"/>
      <xs:element ref="kml:TimeSpan"/>
      <xs:element ref="kml:styleUrl"/>
      <xs:element ref="kml:Style"/>
      <xs:element ref="kml:StyleMap"/>
      <xs:element ref="kml:Region"/>
      <xs:element ref="kml:Metadata"/>
      <xs:element ref="kml:ExtendedData"/>
    </xs:choice>
  </xs:group>

  <!-- The features a container or <kml> holds (gx:Tour joins through the wildcard). -->
  <xs:group name="Features">
    <xs:choice>
      <xs:element ref="kml:Document"/>
      <xs:element ref="kml:Folder"/>
      <xs:element ref="kml:Placemark"/>
      <xs:element ref="kml:NetworkLink"/>
      <xs:element ref="kml:GroundOverlay"/>
      <xs:element ref="kml:ScreenOverlay"/>
      <xs:element ref="kml:PhotoOverlay"/>
    </xs:choice>
  </xs:group>

  <!-- The geometries (gx:Track, gx:MultiTrack join through the wildcard). -->
  <xs:group name="Geometries">
    <xs:choice>
      <xs:element ref="kml:Point"/>
      <xs:element ref="kml:LineString"/>
      <xs:element ref="kml:LinearRing"/>
      <xs:element ref="kml:Polygon"/>
      <xs:element ref="kml:MultiGeometry"/>
      <xs:element ref="kml:Model"/>
    </xs:choice>
  </xs:group>

  <xs:group name="OverlayMembers">
    <xs:choice>
      <xs:element ref="kml:color"/>
      <xs:element ref="kml:drawOrder"/>
      <xs:element ref="kml:Icon"/>
    </xs:choice>
  </xs:group>

  <xs:group name="Box">
    <xs:choice>
      <xs:element ref="kml:north"/>
      <xs:element ref="kml:south"/>
      <xs:element ref="kml:east"/>
      <xs:element ref="kml:west"/>
    </xs:choice>
  </xs:group>

  <!-- Types with element content: any order, any number, extensions anywhere. -->

  <!-- Only elements of other namespaces (and text between them is not allowed). -->
  <xs:complexType name="ExtensionsType">
    <xs:sequence>
      <xs:any namespace="##other" processContents="lax" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="KmlType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:NetworkLinkControl"/>
        <xs:group ref="kml:Features"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attribute name="hint" type="xs:string"/>
    <xs:anyAttribute namespace="##other" processContents="lax"/>
  </xs:complexType>

  <xs:complexType name="DocumentType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:group ref="kml:Features"/>
        <xs:element ref="kml:Schema"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="FolderType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:group ref="kml:Features"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="PlacemarkType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:group ref="kml:Geometries"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="NetworkLinkType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:element ref="kml:refreshVisibility"/>
        <xs:element ref="kml:flyToView"/>
        <xs:element ref="kml:Link"/>
        <xs:element ref="kml:Url"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="GroundOverlayType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:group ref="kml:OverlayMembers"/>
        <xs:element ref="kml:altitude"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:element ref="kml:LatLonBox"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ScreenOverlayType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:group ref="kml:OverlayMembers"/>
        <xs:element ref="kml:overlayXY"/>
        <xs:element ref="kml:screenXY"/>
        <xs:element ref="kml:rotationXY"/>
        <xs:element ref="kml:size"/>
        <xs:element ref="kml:rotation"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="PhotoOverlayType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:group ref="kml:OverlayMembers"/>
        <xs:element ref="kml:rotation"/>
        <xs:element ref="kml:ViewVolume"/>
        <xs:element ref="kml:ImagePyramid"/>
        <xs:element ref="kml:Point"/>
        <xs:element ref="kml:shape"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- gx:Tour: a feature whose gx:Playlist joins through the wildcard. -->
  <xs:complexType name="TourType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:FeatureMembers"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="NetworkLinkControlType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:minRefreshPeriod"/>
        <xs:element ref="kml:maxSessionLength"/>
        <xs:element ref="kml:cookie"/>
        <xs:element ref="kml:message"/>
        <xs:element ref="kml:linkName"/>
        <xs:element ref="kml:linkDescription"/>
        <xs:element ref="kml:linkSnippet"/>
        <xs:element ref="kml:expires"/>
        <xs:element ref="kml:Update"/>
        <xs:element ref="kml:LookAt"/>
        <xs:element ref="kml:Camera"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="UpdateType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:targetHref"/>
        <xs:element ref="kml:Create"/>
        <xs:element ref="kml:Delete"/>
        <xs:element ref="kml:Change"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Create, Delete and Change hold any KML objects, each checked by its own declaration. -->
  <xs:complexType name="UpdateOperationType">
    <xs:sequence>
      <xs:any namespace="##any" processContents="lax" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax"/>
  </xs:complexType>

  <xs:complexType name="SchemaType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:SimpleField"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attribute name="name" type="xs:string"/>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="SimpleFieldType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:displayName"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attribute name="type" type="xs:string"/>
    <xs:attribute name="name" type="xs:string"/>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Untyped Data, typed SchemaData, and any other namespace's elements (KML's custom data). -->
  <xs:complexType name="ExtendedDataType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:Data"/>
        <xs:element ref="kml:SchemaData"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax"/>
  </xs:complexType>

  <xs:complexType name="DataType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:displayName"/>
        <xs:element ref="kml:value"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attribute name="name" type="xs:string"/>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="SchemaDataType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:SimpleData"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attribute name="schemaUrl" type="xs:anyURI"/>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="SimpleDataType">
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute name="name" type="xs:string"/>
        <xs:anyAttribute namespace="##other" processContents="lax"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>

  <xs:complexType name="SnippetType">
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute name="maxLines" type="xs:int"/>
        <xs:anyAttribute namespace="##other" processContents="lax"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>

  <!-- Metadata (deprecated) holds anything. -->
  <xs:complexType name="MetadataType" mixed="true">
    <xs:sequence>
      <xs:any namespace="##any" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:anyAttribute namespace="##any" processContents="skip"/>
  </xs:complexType>

  <!-- Views -->

  <xs:complexType name="LookAtType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:TimeStamp"/>
        <xs:element ref="kml:TimeSpan"/>
        <xs:element ref="kml:longitude"/>
        <xs:element ref="kml:latitude"/>
        <xs:element ref="kml:altitude"/>
        <xs:element ref="kml:heading"/>
        <xs:element ref="kml:tilt"/>
        <xs:element ref="kml:range"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="CameraType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:TimeStamp"/>
        <xs:element ref="kml:TimeSpan"/>
        <xs:element ref="kml:longitude"/>
        <xs:element ref="kml:latitude"/>
        <xs:element ref="kml:altitude"/>
        <xs:element ref="kml:heading"/>
        <xs:element ref="kml:tilt"/>
        <xs:element ref="kml:roll"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Time -->

  <xs:complexType name="TimeStampType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:when"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="TimeSpanType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:begin"/>
        <xs:element ref="kml:end"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Regions and boxes -->

  <xs:complexType name="RegionType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:LatLonAltBox"/>
        <xs:element ref="kml:Lod"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LatLonAltBoxType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:Box"/>
        <xs:element ref="kml:minAltitude"/>
        <xs:element ref="kml:maxAltitude"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LatLonBoxType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:Box"/>
        <xs:element ref="kml:rotation"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LodType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:minLodPixels"/>
        <xs:element ref="kml:maxLodPixels"/>
        <xs:element ref="kml:minFadeExtent"/>
        <xs:element ref="kml:maxFadeExtent"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Links: Link, Url (deprecated) and Icon (an overlay's image or an IconStyle's icon). -->
  <xs:complexType name="LinkType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:href"/>
        <xs:element ref="kml:refreshMode"/>
        <xs:element ref="kml:refreshInterval"/>
        <xs:element ref="kml:viewRefreshMode"/>
        <xs:element ref="kml:viewRefreshTime"/>
        <xs:element ref="kml:viewBoundScale"/>
        <xs:element ref="kml:viewFormat"/>
        <xs:element ref="kml:httpQuery"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Geometry -->

  <xs:complexType name="PointType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:extrude"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:element ref="kml:coordinates"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- LineString and LinearRing. -->
  <xs:complexType name="LineType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:extrude"/>
        <xs:element ref="kml:tessellate"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:element ref="kml:coordinates"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="PolygonType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:extrude"/>
        <xs:element ref="kml:tessellate"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:element ref="kml:outerBoundaryIs"/>
        <xs:element ref="kml:innerBoundaryIs"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="BoundaryType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:LinearRing"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="MultiGeometryType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:group ref="kml:Geometries"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ModelType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:altitudeMode"/>
        <xs:element ref="kml:Location"/>
        <xs:element ref="kml:Orientation"/>
        <xs:element ref="kml:Scale"/>
        <xs:element ref="kml:Link"/>
        <xs:element ref="kml:ResourceMap"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LocationType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:longitude"/>
        <xs:element ref="kml:latitude"/>
        <xs:element ref="kml:altitude"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="OrientationType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:heading"/>
        <xs:element ref="kml:tilt"/>
        <xs:element ref="kml:roll"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ScaleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:x"/>
        <xs:element ref="kml:y"/>
        <xs:element ref="kml:z"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ResourceMapType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:Alias"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="AliasType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:targetHref"/>
        <xs:element ref="kml:sourceHref"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- PhotoOverlay's parts -->

  <xs:complexType name="ViewVolumeType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:leftFov"/>
        <xs:element ref="kml:rightFov"/>
        <xs:element ref="kml:bottomFov"/>
        <xs:element ref="kml:topFov"/>
        <xs:element ref="kml:near"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ImagePyramidType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:tileSize"/>
        <xs:element ref="kml:maxWidth"/>
        <xs:element ref="kml:maxHeight"/>
        <xs:element ref="kml:gridOrigin"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- A point of an image or the screen: x and y in xunits and yunits. -->
  <xs:complexType name="vec2Type">
    <xs:attribute name="x" type="xs:double"/>
    <xs:attribute name="y" type="xs:double"/>
    <xs:attribute name="xunits" type="kml:unitsEnumType"/>
    <xs:attribute name="yunits" type="kml:unitsEnumType"/>
    <xs:anyAttribute namespace="##other" processContents="lax"/>
  </xs:complexType>

  <!-- Styles -->

  <xs:complexType name="StyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:IconStyle"/>
        <xs:element ref="kml:LabelStyle"/>
        <xs:element ref="kml:LineStyle"/>
        <xs:element ref="kml:PolyStyle"/>
        <xs:element ref="kml:BalloonStyle"/>
        <xs:element ref="kml:ListStyle"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="StyleMapType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:Pair"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="PairType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:key"/>
        <xs:element ref="kml:styleUrl"/>
        <xs:element ref="kml:Style"/>
        <xs:element ref="kml:StyleMap"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="IconStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:color"/>
        <xs:element ref="kml:colorMode"/>
        <xs:element ref="kml:scale"/>
        <xs:element ref="kml:heading"/>
        <xs:element ref="kml:Icon"/>
        <xs:element ref="kml:hotSpot"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LabelStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:color"/>
        <xs:element ref="kml:colorMode"/>
        <xs:element ref="kml:scale"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LineStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:color"/>
        <xs:element ref="kml:colorMode"/>
        <xs:element ref="kml:width"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="PolyStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:color"/>
        <xs:element ref="kml:colorMode"/>
        <xs:element ref="kml:fill"/>
        <xs:element ref="kml:outline"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="BalloonStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:color"/>
        <xs:element ref="kml:bgColor"/>
        <xs:element ref="kml:textColor"/>
        <xs:element ref="kml:text"/>
        <xs:element ref="kml:displayMode"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ListStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:listItemType"/>
        <xs:element ref="kml:bgColor"/>
        <xs:element ref="kml:ItemIcon"/>
        <xs:element ref="kml:maxSnippetLines"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="ItemIconType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:state"/>
        <xs:element ref="kml:href"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Types of the gx: elements (mapbridge-kml22-read-gx.xsd). They are defined here, in KML's
       namespace, so that their wildcard (##other) takes gx: children, which are then checked
       by their own declarations. -->

  <xs:complexType name="TrackType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:extrude"/>
        <xs:element ref="kml:tessellate"/>
        <xs:element ref="kml:altitudeMode"/>
        <xs:element ref="kml:when"/>
        <xs:element ref="kml:Model"/>
        <xs:element ref="kml:ExtendedData"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- gx:MultiTrack: gx:Track, gx:interpolate and gx:altitudeMode through the wildcard. -->
  <xs:complexType name="MultiTrackType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:altitudeMode"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="LatLonQuadType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:coordinates"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- gx:SimpleArrayData: gx:value through the wildcard. -->
  <xs:complexType name="SimpleArrayDataType">
    <xs:sequence>
      <xs:any namespace="##other" processContents="lax" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:attribute name="name" type="xs:string"/>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="OptionType">
    <xs:attribute name="name" type="xs:string"/>
    <xs:attribute name="enabled" type="kml:booleanType"/>
    <xs:anyAttribute namespace="##other" processContents="lax"/>
  </xs:complexType>

  <!-- gx:AnimatedUpdate: gx:duration and gx:delayedStart through the wildcard. -->
  <xs:complexType name="AnimatedUpdateType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:Update"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="FlyToType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:LookAt"/>
        <xs:element ref="kml:Camera"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="SoundCueType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:href"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <xs:complexType name="CascadingStyleType">
    <xs:sequence minOccurs="0" maxOccurs="unbounded">
      <xs:choice>
        <xs:element ref="kml:Style"/>
        <xs:any namespace="##other" processContents="lax"/>
      </xs:choice>
    </xs:sequence>
    <xs:attributeGroup ref="kml:ObjectAttributes"/>
  </xs:complexType>

  <!-- Elements: the root -->

  <xs:element name="kml" type="kml:KmlType"/>

  <!-- Features and their parts -->

  <xs:element name="Document" type="kml:DocumentType"/>
  <xs:element name="Folder" type="kml:FolderType"/>
  <xs:element name="Placemark" type="kml:PlacemarkType"/>
  <xs:element name="NetworkLink" type="kml:NetworkLinkType"/>
  <xs:element name="GroundOverlay" type="kml:GroundOverlayType"/>
  <xs:element name="ScreenOverlay" type="kml:ScreenOverlayType"/>
  <xs:element name="PhotoOverlay" type="kml:PhotoOverlayType"/>
  <xs:element name="NetworkLinkControl" type="kml:NetworkLinkControlType"/>
  <xs:element name="Update" type="kml:UpdateType"/>
  <xs:element name="Create" type="kml:UpdateOperationType"/>
  <xs:element name="Delete" type="kml:UpdateOperationType"/>
  <xs:element name="Change" type="kml:UpdateOperationType"/>

  <xs:element name="name" type="xs:string"/>
  <xs:element name="visibility" type="kml:booleanType" default="1"/>
  <xs:element name="open" type="kml:booleanType" default="0"/>
  <xs:element name="address" type="xs:string"/>
  <xs:element name="phoneNumber" type="xs:string"/>
  <xs:element name="Snippet" type="kml:SnippetType"/>
  <xs:element name="snippet" type="xs:string"/>
  <xs:element name="description" type="xs:string"/>
  <xs:element name="styleUrl" type="xs:anyURI"/>
  <xs:element name="Region" type="kml:RegionType"/>
  <xs:element name="Metadata" type="kml:MetadataType"/>
  <xs:element name="ExtendedData" type="kml:ExtendedDataType"/>
  <xs:element name="Data" type="kml:DataType"/>
  <xs:element name="displayName" type="xs:string"/>
  <xs:element name="value" type="xs:string"/>
  <xs:element name="SchemaData" type="kml:SchemaDataType"/>
  <xs:element name="SimpleData" type="kml:SimpleDataType"/>
  <xs:element name="Schema" type="kml:SchemaType"/>
  <xs:element name="SimpleField" type="kml:SimpleFieldType"/>

  <xs:element name="refreshVisibility" type="kml:booleanType" default="0"/>
  <xs:element name="flyToView" type="kml:booleanType" default="0"/>
  <xs:element name="Link" type="kml:LinkType"/>
  <xs:element name="Url" type="kml:LinkType"/>
  <xs:element name="Icon" type="kml:LinkType"/>
  <xs:element name="href" type="xs:string"/>
  <xs:element name="refreshMode" type="kml:refreshModeEnumType" default="onChange"/>
  <xs:element name="refreshInterval" type="xs:double" default="4"/>
  <xs:element name="viewRefreshMode" type="kml:viewRefreshModeEnumType" default="never"/>
  <xs:element name="viewRefreshTime" type="xs:double" default="4"/>
  <xs:element name="viewBoundScale" type="xs:double" default="1"/>
  <xs:element name="viewFormat" type="xs:string"/>
  <xs:element name="httpQuery" type="xs:string"/>

  <xs:element name="minRefreshPeriod" type="xs:double" default="0"/>
  <xs:element name="maxSessionLength" type="xs:double" default="-1"/>
  <xs:element name="cookie" type="xs:string"/>
  <xs:element name="message" type="xs:string"/>
  <xs:element name="linkName" type="xs:string"/>
  <xs:element name="linkDescription" type="xs:string"/>
  <xs:element name="linkSnippet" type="kml:SnippetType"/>
  <xs:element name="expires" type="kml:dateTimeType"/>
  <xs:element name="targetHref" type="xs:string"/>
  <xs:element name="sourceHref" type="xs:string"/>

  <!-- Overlays -->

  <xs:element name="drawOrder" type="xs:int" default="0"/>
  <xs:element name="LatLonBox" type="kml:LatLonBoxType"/>
  <xs:element name="overlayXY" type="kml:vec2Type"/>
  <xs:element name="screenXY" type="kml:vec2Type"/>
  <xs:element name="rotationXY" type="kml:vec2Type"/>
  <xs:element name="size" type="kml:vec2Type"/>
  <xs:element name="rotation" type="kml:angle180Type" default="0"/>
  <xs:element name="ViewVolume" type="kml:ViewVolumeType"/>
  <xs:element name="leftFov" type="kml:angle180Type" default="0"/>
  <xs:element name="rightFov" type="kml:angle180Type" default="0"/>
  <xs:element name="bottomFov" type="kml:angle90Type" default="0"/>
  <xs:element name="topFov" type="kml:angle90Type" default="0"/>
  <xs:element name="near" type="xs:double" default="0"/>
  <xs:element name="ImagePyramid" type="kml:ImagePyramidType"/>
  <xs:element name="tileSize" type="xs:int" default="256"/>
  <xs:element name="maxWidth" type="xs:int" default="0"/>
  <xs:element name="maxHeight" type="xs:int" default="0"/>
  <xs:element name="gridOrigin" type="kml:gridOriginEnumType" default="lowerLeft"/>
  <xs:element name="shape" type="kml:shapeEnumType" default="rectangle"/>

  <!-- Views, time, regions -->

  <xs:element name="LookAt" type="kml:LookAtType"/>
  <xs:element name="Camera" type="kml:CameraType"/>
  <xs:element name="longitude" type="kml:angle180Type" default="0"/>
  <xs:element name="latitude" type="kml:angle90Type" default="0"/>
  <xs:element name="altitude" type="xs:double" default="0"/>
  <xs:element name="heading" type="kml:angle360Type" default="0"/>
  <xs:element name="tilt" type="xs:double" default="0"/>
  <xs:element name="roll" type="xs:double" default="0"/>
  <xs:element name="range" type="xs:double" default="0"/>
  <xs:element name="altitudeMode" type="kml:altitudeModeEnumType" default="clampToGround"/>

  <xs:element name="TimeStamp" type="kml:TimeStampType"/>
  <xs:element name="TimeSpan" type="kml:TimeSpanType"/>
  <xs:element name="when" type="kml:dateTimeType"/>
  <xs:element name="begin" type="kml:dateTimeType"/>
  <xs:element name="end" type="kml:dateTimeType"/>

  <xs:element name="LatLonAltBox" type="kml:LatLonAltBoxType"/>
  <xs:element name="north" type="kml:angle180Type" default="180"/>
  <xs:element name="south" type="kml:angle180Type" default="-180"/>
  <xs:element name="east" type="kml:angle180Type" default="180"/>
  <xs:element name="west" type="kml:angle180Type" default="-180"/>
  <xs:element name="minAltitude" type="xs:double" default="0"/>
  <xs:element name="maxAltitude" type="xs:double" default="0"/>
  <xs:element name="Lod" type="kml:LodType"/>
  <xs:element name="minLodPixels" type="xs:double" default="0"/>
  <xs:element name="maxLodPixels" type="xs:double" default="-1"/>
  <xs:element name="minFadeExtent" type="xs:double" default="0"/>
  <xs:element name="maxFadeExtent" type="xs:double" default="0"/>

  <!-- Geometry -->

  <xs:element name="Point" type="kml:PointType"/>
  <xs:element name="LineString" type="kml:LineType"/>
  <xs:element name="LinearRing" type="kml:LineType"/>
  <xs:element name="Polygon" type="kml:PolygonType"/>
  <xs:element name="outerBoundaryIs" type="kml:BoundaryType"/>
  <xs:element name="innerBoundaryIs" type="kml:BoundaryType"/>
  <xs:element name="MultiGeometry" type="kml:MultiGeometryType"/>
  <xs:element name="Model" type="kml:ModelType"/>
  <xs:element name="Location" type="kml:LocationType"/>
  <xs:element name="Orientation" type="kml:OrientationType"/>
  <xs:element name="Scale" type="kml:ScaleType"/>
  <xs:element name="x" type="xs:double" default="1"/>
  <xs:element name="y" type="xs:double" default="1"/>
  <xs:element name="z" type="xs:double" default="1"/>
  <xs:element name="ResourceMap" type="kml:ResourceMapType"/>
  <xs:element name="Alias" type="kml:AliasType"/>
  <xs:element name="extrude" type="kml:booleanType" default="0"/>
  <xs:element name="tessellate" type="kml:booleanType" default="0"/>
  <xs:element name="coordinates" type="kml:coordinatesType"/>

  <!-- Styles -->

  <xs:element name="Style" type="kml:StyleType"/>
  <xs:element name="StyleMap" type="kml:StyleMapType"/>
  <xs:element name="Pair" type="kml:PairType"/>
  <xs:element name="key" type="kml:styleStateEnumType" default="normal"/>
  <xs:element name="IconStyle" type="kml:IconStyleType"/>
  <xs:element name="LabelStyle" type="kml:LabelStyleType"/>
  <xs:element name="LineStyle" type="kml:LineStyleType"/>
  <xs:element name="PolyStyle" type="kml:PolyStyleType"/>
  <xs:element name="BalloonStyle" type="kml:BalloonStyleType"/>
  <xs:element name="ListStyle" type="kml:ListStyleType"/>
  <xs:element name="ItemIcon" type="kml:ItemIconType"/>
  <xs:element name="color" type="kml:colorType" default="ffffffff"/>
  <xs:element name="colorMode" type="kml:colorModeEnumType" default="normal"/>
  <xs:element name="scale" type="xs:double" default="1"/>
  <xs:element name="hotSpot" type="kml:vec2Type"/>
  <xs:element name="width" type="xs:double" default="1"/>
  <xs:element name="fill" type="kml:booleanType" default="1"/>
  <xs:element name="outline" type="kml:booleanType" default="1"/>
  <xs:element name="bgColor" type="kml:colorType" default="ffffffff"/>
  <xs:element name="textColor" type="kml:colorType" default="ff000000"/>
  <xs:element name="text" type="xs:string"/>
  <xs:element name="displayMode" type="kml:displayModeEnumType" default="default"/>
  <xs:element name="listItemType" type="kml:listItemTypeEnumType" default="check"/>
  <xs:element name="maxSnippetLines" type="xs:int" default="2"/>
  <xs:element name="state" type="kml:itemIconStateType"/>
</xs:schema>
"""#

    /// schemas/mapbridge-kml22-read-gx.xsd.
    public static let readerExtensionText = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  Google's KML extensions (namespace http://www.google.com/kml/ext/2.2) as MapBridge reads
  them: the companion of mapbridge-kml22-read.xsd, which imports it and defines the types of
  the elements with content. Each element here is checked wherever it appears (it joins KML
  through the wildcards for other namespaces); a gx: element not declared here is skipped.
  Sizes Google Earth reads as numbers (gx:x, gx:y, gx:w, gx:h) are numbers, not only integers.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:kml="http://www.opengis.net/kml/2.2"
  xmlns:gx="http://www.google.com/kml/ext/2.2"
  targetNamespace="http://www.google.com/kml/ext/2.2"
  elementFormDefault="qualified">

  <xs:import namespace="http://www.opengis.net/kml/2.2"/>

  <xs:simpleType name="altitudeModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="clampToSeaFloor"/>
      <xs:enumeration value="relativeToSeaFloor"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="flyToModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="bounce"/>
      <xs:enumeration value="smooth"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="playModeEnumType">
    <xs:restriction base="xs:token">
      <xs:enumeration value="pause"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- gx:coord: lon lat [alt], apart by any whitespace. -->
  <xs:simpleType name="coordType">
    <xs:restriction base="xs:token">
      <xs:pattern value="[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)? [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?( [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?)?"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- gx:angles: heading tilt roll, apart by whitespace. -->
  <xs:simpleType name="anglesType">
    <xs:restriction base="xs:token">
      <xs:pattern value="[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?( [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?){2}"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- Values -->

  <xs:element name="altitudeMode" type="gx:altitudeModeEnumType"/>
  <xs:element name="altitudeOffset" type="xs:double" default="0"/>
  <xs:element name="angles" type="gx:anglesType"/>
  <xs:element name="balloonVisibility" type="kml:booleanType" default="1"/>
  <xs:element name="coord" type="gx:coordType"/>
  <xs:element name="delayedStart" type="xs:double" default="0"/>
  <xs:element name="drawOrder" type="xs:int" default="0"/>
  <xs:element name="duration" type="xs:double" default="0"/>
  <xs:element name="flyToMode" type="gx:flyToModeEnumType" default="bounce"/>
  <xs:element name="horizFov" type="xs:double"/>
  <xs:element name="interpolate" type="kml:booleanType" default="0"/>
  <xs:element name="labelVisibility" type="kml:booleanType" default="0"/>
  <xs:element name="outerColor" type="kml:colorType" default="ffffffff"/>
  <xs:element name="outerWidth" type="xs:double" default="0"/>
  <xs:element name="physicalWidth" type="xs:double" default="0"/>
  <xs:element name="playMode" type="gx:playModeEnumType" default="pause"/>
  <xs:element name="rank" type="xs:double"/>
  <xs:element name="value" type="xs:string"/>
  <xs:element name="x" type="xs:double" default="0"/>
  <xs:element name="y" type="xs:double" default="0"/>
  <xs:element name="w" type="xs:double" default="-1"/>
  <xs:element name="h" type="xs:double" default="-1"/>

  <!-- Objects -->

  <xs:element name="TimeStamp" type="kml:TimeStampType"/>
  <xs:element name="TimeSpan" type="kml:TimeSpanType"/>
  <xs:element name="Track" type="kml:TrackType"/>
  <xs:element name="MultiTrack" type="kml:MultiTrackType"/>
  <xs:element name="LatLonQuad" type="kml:LatLonQuadType"/>
  <xs:element name="SimpleArrayField" type="kml:SimpleFieldType"/>
  <xs:element name="SimpleArrayData" type="kml:SimpleArrayDataType"/>
  <xs:element name="ViewerOptions" type="kml:ExtensionsType"/>
  <xs:element name="option" type="kml:OptionType"/>
  <xs:element name="CascadingStyle" type="kml:CascadingStyleType"/>
  <xs:element name="Tour" type="kml:TourType"/>
  <xs:element name="Playlist" type="kml:ExtensionsType"/>
  <xs:element name="AnimatedUpdate" type="kml:AnimatedUpdateType"/>
  <xs:element name="FlyTo" type="kml:FlyToType"/>
  <xs:element name="SoundCue" type="kml:SoundCueType"/>
  <xs:element name="TourControl" type="kml:ExtensionsType"/>
  <xs:element name="Wait" type="kml:ExtensionsType"/>
</xs:schema>
"""#
}
